import { createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A ZIP archive of one entry whose sizes claim `claimed` bytes and whose end record claims `entries`
 * entries (an archive may lie about both).
 */
export function zipOf(
  name: string,
  content: Buffer,
  claimed = content.length,
  entries = 1,
  packed = deflateRawSync(content),
) {
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
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, file, packed, central, file, end]);
}

/** `size` bytes of zeros deflated a megabyte at a time, never held whole in memory. */
export async function deflatedZeros(size: number) {
  const MB = 1024 * 1024;
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(MB);
  for (let i = 0; i < size / MB; i++)
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat(out);
}
