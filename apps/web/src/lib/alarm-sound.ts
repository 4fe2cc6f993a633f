/**
 * An alarm that needs no audio file: a two-tone siren made by WebAudio, repeated until stopped, with a
 * vibration pattern on phones that have one. Browsers keep audio suspended until the page has had a
 * tap; the siren resumes itself on the next one.
 */
const beat = { periodMs: 1_200, toneS: 0.25, high: 960, low: 720 } as const;
const vibration = [400, 200, 400];

type AudioContextClass = typeof AudioContext;

const audioContextClass = (): AudioContextClass | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window.AudioContext ??
      (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);

let shared: AudioContext | undefined;

const context = (): AudioContext | undefined => {
  const Context = audioContextClass();
  if (!Context) return undefined;
  try {
    shared ??= new Context();
  } catch {
    return undefined;
  }
  return shared;
};

const tone = (ctx: AudioContext, frequency: number, start: number) => {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'square';
  oscillator.frequency.setValueAtTime(frequency, start);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + beat.toneS);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + beat.toneS + 0.02);
};

const vibrate = (pattern: number | number[]) => {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // Some browsers refuse vibration outside a tap; the sound and the screen still alarm.
  }
};

const ringOnce = (ctx: AudioContext | undefined) => {
  vibrate(vibration);
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const now = ctx.currentTime;
  tone(ctx, beat.high, now);
  tone(ctx, beat.low, now + beat.toneS + 0.05);
};

/**
 * The siren's two beats and one vibration, once: an alarm that asks for attention without holding the
 * screen (a fence alarm, an SOS shown as a banner).
 */
export const chime = (): void => {
  const ctx = context();
  ringOnce(ctx);
  if (ctx) setTimeout(() => ringOnce(ctx), beat.periodMs);
};

/** Starts the siren and the vibration; the returned function stops both. */
export const startAlarm = (): (() => void) => {
  const ctx = context();
  const resume = () => void ctx?.resume().catch(() => undefined);
  const ring = () => ringOnce(ctx);
  ring();
  const timer = setInterval(ring, beat.periodMs);
  window.addEventListener('pointerdown', resume, true);
  return () => {
    clearInterval(timer);
    window.removeEventListener('pointerdown', resume, true);
    vibrate(0);
  };
};
