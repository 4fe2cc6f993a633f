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
