import { inflateRawSync } from 'node:zlib';

/** What an archive may hold: entries, and bytes once inflated, per entry and in all. */
export interface ZipBounds {
  entries: number;
  entryBytes: number;
  totalBytes: number;
}

const EndRecord = 0x06054b50;
const CentralRecord = 0x02014b50;
const LocalRecord = 0x04034b50;

/**
 * Whether a ZIP archive (an XLSX workbook) unpacks within `bounds`. A small upload can hold gigabytes of
 * deflated zeros, and exceljs' unzipper (JSZip) inflates every entry in memory, checking sizes only
 * afterwards. So every entry that reader would see is inflated here first, each with a ceiling that
 * stops zlib as soon as its output passes what is left.
 *
 * The walk is the reader's own: central records are read one after another for as long as their
 * signature follows, whatever count the end record claims (an archive claiming 0 entries is read whole
 * by JSZip). A count that differs from what follows, offsets JSZip would shift ("extra bytes"), ZIP64
 * fields and sizes that differ from what inflates are refused: an honest workbook has none of them.
 */
export function unpacksWithin(bytes: Uint8Array, bounds: ZipBounds): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes, after which only a comment of up to 64 KB may come;
  // JSZip takes the last signature in the file, which this backward scan finds first.
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EndRecord) {
      end = i;
      break;
    }
  }
  if (end < 0) return false;
  const claimed = buf.readUInt16LE(end + 10);
  const size = buf.readUInt32LE(end + 12);
  let at = buf.readUInt32LE(end + 16);
  // 0xFFFF / 0xFFFFFFFF send JSZip to ZIP64 records; a directory not ending at the end record makes it
  // shift every offset. Either way it would read other bytes than these.
  if (claimed === 0xffff || size === 0xffffffff || at === 0xffffffff || at + size !== end) return false;
  let entries = 0;
  let left = bounds.totalBytes;
  try {
    while (at + 4 <= end && buf.readUInt32LE(at) === CentralRecord) {
      if (++entries > bounds.entries) return false;
      const method = buf.readUInt16LE(at + 10);
      const packed = buf.readUInt32LE(at + 20);
      const unpacked = buf.readUInt32LE(at + 24);
      const local = buf.readUInt32LE(at + 42);
      at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
      if (unpacked > Math.min(bounds.entryBytes, left)) return false;
      if (buf.readUInt32LE(local) !== LocalRecord) return false;
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      // ZIP64 sizes (0xFFFFFFFF) fall past the end of an upload this small and are refused with it.
      if (start + packed > buf.length) return false;
      const data = buf.subarray(start, start + packed);
      // One byte past the claimed size is enough to know the claim was a lie.
      const got =
        method === 0
          ? packed
          : method === 8
            ? inflateRawSync(data, { maxOutputLength: unpacked + 1 }).length
            : -1;
      if (got !== unpacked) return false;
      left -= got;
    }
  } catch {
    // Past the ceiling (RangeError), a broken stream, or a record that runs off the end of the file.
    return false;
  }
  return entries === claimed && entries > 0;
}
