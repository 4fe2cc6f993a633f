import { afterEach, describe, expect, it, vi } from 'vitest';

/** Just enough of WebAudio to count the tones the siren schedules. */
class FakeAudioContext {
  static made = 0;
  static tones = 0;
  state = 'suspended';
  currentTime = 0;
  destination = {};
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  constructor() {
    FakeAudioContext.made++;
  }
  createOscillator() {
    const node = {
      type: '',
      frequency: { setValueAtTime: vi.fn() },
      connect: (next: unknown) => next,
      start: () => FakeAudioContext.tones++,
      stop: vi.fn(),
    };
    return node;
  }
  createGain() {
    return {
      gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
      connect: (next: unknown) => next,
    };
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('alarm sound', () => {
  it('rings two tones and vibrates at once and on every beat until stopped, then stops vibrating', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    const { startAlarm } = await import('./alarm-sound.ts');

    const stop = startAlarm();
    expect(FakeAudioContext.made).toBe(1);
    expect(FakeAudioContext.tones).toBe(2);
    expect(vibrate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_400);
    expect(FakeAudioContext.tones).toBe(6);
    expect(vibrate).toHaveBeenCalledTimes(3);

    stop();
    vi.advanceTimersByTime(5_000);
    expect(FakeAudioContext.tones).toBe(6);
    expect(vibrate).toHaveBeenLastCalledWith(0);
    // One context serves every alarm of the visit.
    startAlarm()();
    expect(FakeAudioContext.made).toBe(1);
  });
});
