/** An audio format recognised from its first bytes, with the type it is served as and the file extension. */
export interface AudioFormat {
  type: string;
  ext: string;
}

const ascii = (head: Buffer, at: number, text: string) =>
  head.subarray(at, at + text.length).toString('latin1') === text;

/**
 * What the bytes are, whatever the uploader claimed: the stored file is later served with this type (and
 * nosniff), so only formats a browser plays as audio are accepted.
 */
export function sniffAudio(head: Buffer): AudioFormat | null {
  if (head.length < 4) return null;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { type: 'audio/wav', ext: 'wav' };
  if (ascii(head, 0, 'OggS')) return { type: 'audio/ogg', ext: 'ogg' };
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return { type: 'audio/webm', ext: 'webm' };
  if (ascii(head, 0, '#!AMR')) return { type: 'audio/amr', ext: 'amr' };
  if (ascii(head, 4, 'ftyp')) return { type: 'audio/mp4', ext: 'm4a' };
  if (ascii(head, 0, 'ID3')) return { type: 'audio/mpeg', ext: 'mp3' };
  if (head[0] === 0xff && (head[1] & 0xf6) === 0xf0) return { type: 'audio/aac', ext: 'aac' };
  // MPEG audio frame sync with a layer set (ADTS, above, has layer 0).
  if (head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0)
    return { type: 'audio/mpeg', ext: 'mp3' };
  return null;
}

/** Markup a browser would render or run, found where audio samples should be. */
const markup = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta|\?xml)[\s>/]/i;

/**
 * A WAV's chunks from its header on: each names itself in printable ASCII and fits in the file, a
 * format chunk comes before the samples, and the samples' chunk is found.
 */
function wavChunksHold(head: Buffer, size: number): boolean {
  let at = 12;
  let format = false;
  while (at + 8 <= head.length) {
    const id = head.subarray(at, at + 4).toString('latin1');
    if (!/^[\x20-\x7e]{4}$/.test(id)) return false;
    const length = head.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      if (length < 16) return false;
      format = true;
    }
    if (id === 'data') return format && length > 0 && at + 8 + Math.min(length, 1) <= size;
    at += 8 + length + (length % 2);
    if (at > size) return false;
  }
  return false;
}

/**
 * Whether the bytes past the format's header are audio as far as they can be told: no markup anywhere
 * in the first bytes, and a WAV's chunks well formed (a WAV header followed by a page is refused).
 */
export function contentHolds(head: Buffer, format: AudioFormat, size: number): boolean {
  if (markup.test(head.toString('latin1'))) return false;
  if (format.ext === 'wav') return wavChunksHold(head, size);
  return true;
}
