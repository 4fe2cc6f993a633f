import type { Random } from './random.ts';

/** A mono 16-bit PCM WAV of `samples` samples at `rate` Hz; `sample(i)` gives each value (±32767). */
export function pcmWav(samples: number, rate: number, sample: (i: number) => number): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(sample(i)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * A short 8 kHz mono 16-bit WAV that sounds like a radio burst: a warbling tone with noise, faded in
 * and out. Real audio bytes, so the server's format check and the browser's player both accept it.
 */
export function burstWav(random: Random, seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const pitch = 300 + random() * 400;
  const fade = Math.min(samples / 4, rate * 0.05);
  return pcmWav(samples, rate, (i) => {
    const t = i / rate;
    const wobble = Math.sin(2 * Math.PI * 5 * t) * 20;
    const tone = Math.sin(2 * Math.PI * (pitch + wobble) * t);
    const envelope = Math.min(1, i / fade, (samples - i) / fade);
    return (tone * 0.6 + (random() - 0.5) * 0.2) * envelope * 12_000;
  });
}
