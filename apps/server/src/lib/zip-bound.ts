import { inflateRawSync } from 'node:zlib';

/**
 * Whether a ZIP archive (an XLSX workbook) unpacks to at most `maxBytes` in all. A small upload can
 * hold gigabytes of deflated zeros, and a reader such as exceljs unpacks every entry in memory, checking
 * the sizes the archive declares only afterwards; here each entry is inflated with a ceiling on what it
 * may give, so an archive that lies about its sizes is caught as early as one that does not.
 */
export function unpacksWithin(bytes: Uint8Array, maxBytes: number): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes, after which only a comment of up to 64 KB may come.
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return false;
  const entries = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  let left = maxBytes;
  try {
    for (let n = 0; n < entries; n++) {
      if (buf.readUInt32LE(at) !== 0x02014b50) return false;
      const method = buf.readUInt16LE(at + 10);
      const packed = buf.readUInt32LE(at + 20);
      const local = buf.readUInt32LE(at + 42);
      at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
      if (buf.readUInt32LE(local) !== 0x04034b50) return false;
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      // ZIP64 sizes (0xFFFFFFFF) fall past the end of an upload this small and are refused with it.
      if (start + packed > buf.length) return false;
      const data = buf.subarray(start, start + packed);
      if (method === 0) left -= packed;
      else if (method === 8) left -= inflateRawSync(data, { maxOutputLength: Math.max(1, left) }).length;
      else return false;
      if (left < 0) return false;
    }
  } catch {
    // Past the ceiling (RangeError), a broken stream, or a record that runs off the end of the file.
    return false;
  }
  return true;
}
