import { pcmWav } from '@ptt/simulator';

/** A short mono 16-bit PCM WAV of a tone: real audio bytes for upload tests. */
export const toneWav = (seconds: number, hz = 440, rate = 8000): Buffer =>
  pcmWav(Math.round(seconds * rate), rate, (i) => Math.sin((2 * Math.PI * hz * i) / rate) * 8000);
