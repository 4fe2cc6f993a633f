import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../../test/zip-support.ts';
import { unpacksWithin } from './zip-bound.ts';

describe('the unpacked size of a ZIP archive', () => {
  const MB = 1024 * 1024;
  const within = (entries: number, entryBytes: number, totalBytes: number) => ({
    entries,
    entryBytes,
    totalBytes,
  });
  const bounds = within(64, 8 * MB, 16 * MB);
  const zeros = Buffer.alloc(20 * MB);

  it('passes a workbook within the ceiling and refuses one past it', async () => {
    const book = new ExcelJS.Workbook();
    book
      .addWorksheet('Delivery')
      .addRows(Array.from({ length: 1000 }, (_, i) => [`86300000000${i}`, `Unit_${i}`]));
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(unpacksWithin(xlsx, bounds)).toBe(true);
    expect(unpacksWithin(xlsx, within(64, 8 * MB, 1024))).toBe(false);
  });

  it('refuses deflated zeros past the ceiling, whatever size the archive claims', () => {
    const honest = zipOf('xl/worksheets/sheet1.xml', zeros);
    const liar = zipOf('xl/worksheets/sheet1.xml', zeros, 100);
    expect(honest.length).toBeLessThan(MB);
    expect(unpacksWithin(honest, bounds)).toBe(false);
    expect(unpacksWithin(liar, bounds)).toBe(false);
    expect(unpacksWithin(zipOf('a.xml', Buffer.from('<a/>')), bounds)).toBe(true);
  });

  it('refuses what is no archive, or one cut short', () => {
    const whole = zipOf('a.xml', Buffer.alloc(1000, 65));
    expect(unpacksWithin(Buffer.from('PK\x03\x04 not really'), bounds)).toBe(false);
    expect(unpacksWithin(whole.subarray(0, whole.length - 30), bounds)).toBe(false);
  });

  it('reads every entry that follows, whatever count the end record claims', () => {
    const zero = zipOf('xl/worksheets/sheet1.xml', zeros, zeros.length, 0);
    expect(unpacksWithin(zero, bounds)).toBe(false);
    expect(unpacksWithin(zipOf('a.xml', Buffer.from('<a/>'), 4, 0), bounds)).toBe(false);
    expect(unpacksWithin(zipOf('a.xml', Buffer.from('<a/>'), 4, 2), bounds)).toBe(false);
  });

  it('bounds the entries, each entry and the whole', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Delivery').addRows([['863000000000001', 'Unit']]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(unpacksWithin(xlsx, within(3, 8 * MB, 16 * MB))).toBe(false);
    expect(unpacksWithin(xlsx, within(64, 100, 16 * MB))).toBe(false);
    const mb = zipOf('a.xml', Buffer.alloc(MB, 65));
    expect(unpacksWithin(mb, within(64, MB, MB))).toBe(true);
    expect(unpacksWithin(mb, within(64, MB - 1, 16 * MB))).toBe(false);
  });
});
