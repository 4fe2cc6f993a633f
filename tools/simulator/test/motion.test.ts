import { describe, expect, it } from 'vitest';
import { distance, move, Walker } from '../src/motion.ts';
import { seeded } from '../src/random.ts';
import { burstWav } from '../src/wav.ts';

describe('motion', () => {
  it('moves the asked distance on a bearing', () => {
    const from = { lat: 22.3, lng: 114.17 };
    expect(distance(from, move(from, 0, 1000))).toBeCloseTo(1000, 0);
    expect(distance(from, move(from, Math.PI / 2, 250))).toBeCloseTo(250, 0);
  });

  it('wraps longitudes across the antimeridian', () => {
    const p = move({ lat: 0, lng: 179.999 }, Math.PI / 2, 500);
    expect(p.lng).toBeLessThan(-179.99);
    expect(distance({ lat: 0, lng: 179.999 }, p)).toBeCloseTo(500, 0);
  });

  it('walks plausibly: no jumps, and it reaches its waypoints', () => {
    const random = seeded(7);
    const centre = { lat: 22.3, lng: 114.17 };
    const targets: number[] = [];
    const w = new Walker(random, centre, () => {
      targets.push(1);
      return move(centre, random() * 6.28, 400);
    });
    let last = w.position;
    for (let i = 0; i < 600; i++) {
      const { position, kmh } = w.step(5);
      expect(distance(last, position)).toBeLessThanOrEqual((kmh / 3.6) * 5 * 1.001);
      expect(kmh).toBeLessThan(60);
      last = position;
    }
    expect(targets.length).toBeGreaterThan(2);
  });

  it('is reproducible from its seed', () => {
    const run = () => {
      const random = seeded(3);
      const w = new Walker(random, { lat: 1, lng: 1 }, () => ({ lat: 1.01, lng: 1.01 }));
      return Array.from({ length: 10 }, () => w.step(5).position);
    };
    expect(run()).toEqual(run());
  });
});

describe('burstWav', () => {
  it('writes a playable 8 kHz mono 16-bit WAV of the asked length', () => {
    const wav = burstWav(seeded(1), 2);
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt32LE(40)).toBe(2 * 8000 * 2);
    expect(wav.length).toBe(44 + 32_000);
  });
});
