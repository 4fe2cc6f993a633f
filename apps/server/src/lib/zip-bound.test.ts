import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { unpacksWithin } from './zip-bound.ts';

/** A ZIP archive of one entry whose sizes claim `claimed` bytes (an archive may lie about them). */
function zipOf(name: string, content: Buffer, claimed = content.length) {
  const packed = deflateRawSync(content);
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(file.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + file.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, file, packed, central, file, end]);
}

describe('the unpacked size of a ZIP archive', () => {
  const MB = 1024 * 1024;
  const zeros = Buffer.alloc(20 * MB);

  it('passes a workbook within the ceiling and refuses one past it', async () => {
    const book = new ExcelJS.Workbook();
    book
      .addWorksheet('Delivery')
      .addRows(Array.from({ length: 1000 }, (_, i) => [`86300000000${i}`, `Unit_${i}`]));
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(unpacksWithin(xlsx, 16 * MB)).toBe(true);
    expect(unpacksWithin(xlsx, 1024)).toBe(false);
  });

  it('refuses deflated zeros past the ceiling, whatever size the archive claims', () => {
    const honest = zipOf('xl/worksheets/sheet1.xml', zeros);
    const liar = zipOf('xl/worksheets/sheet1.xml', zeros, 100);
    expect(honest.length).toBeLessThan(MB);
    expect(unpacksWithin(honest, 16 * MB)).toBe(false);
    expect(unpacksWithin(liar, 16 * MB)).toBe(false);
    expect(unpacksWithin(zipOf('a.xml', Buffer.from('<a/>')), 16 * MB)).toBe(true);
  });

  it('refuses what is no archive, or one cut short', () => {
    const whole = zipOf('a.xml', Buffer.alloc(1000, 65));
    expect(unpacksWithin(Buffer.from('PK\x03\x04 not really'), 16 * MB)).toBe(false);
    expect(unpacksWithin(whole.subarray(0, whole.length - 30), 16 * MB)).toBe(false);
  });
});
