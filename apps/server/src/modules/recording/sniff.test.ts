import { describe, expect, it } from 'vitest';
import { sniffAudio } from './sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffAudio', () => {
  it.each([
    ['WAV', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['Ogg', bytes('OggS', [0, 2, 0, 0]), 'audio/ogg'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'audio/webm'],
    ['AMR', bytes('#!AMR\n'), 'audio/amr'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mp4'],
    ['MP3 with ID3', bytes('ID3', [4, 0, 0]), 'audio/mpeg'],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['AAC ADTS', bytes([0xff, 0xf1, 0x50, 0x80]), 'audio/aac'],
  ])('%s', (_name, head, type) => {
    expect(sniffAudio(head)?.type).toBe(type);
  });

  it.each([
    ['HTML', bytes('<html><script>alert(1)</script>')],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])],
    ['RIFF but AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['too short', bytes([0xff])],
    ['empty', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(sniffAudio(head)).toBeNull();
  });
});
