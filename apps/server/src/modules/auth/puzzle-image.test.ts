import { Limits } from '@ptt/contract';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { generatePuzzle, PIECE_SIZE, puzzleShape, renderPuzzle, X_RANGE, Y_RANGE } from './puzzle-image.ts';

const { width: W, height: H } = Limits.puzzle;

/** A reproducible stand-in for Math.random (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function decode(dataUrl: string): PNG {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  return PNG.sync.read(Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64'));
}

/** Pixels well inside the shape: fully covered and clear of the outline, where the piece is the raw background. */
function interior(): number[] {
  const out: number[] = [];
  for (let m = 0; m < PIECE_SIZE * PIECE_SIZE; m++) {
    if (puzzleShape.coverage[m] === 1 && puzzleShape.outline[m] === 0) out.push(m);
  }
  return out;
}

describe('generatePuzzle', () => {
  it('returns a 320×160 background and a piece image of its own bounding box, as PNG data URLs', () => {
    const p = generatePuzzle(seeded(1));
    const big = decode(p.bigImg);
    const small = decode(p.smallImg);
    expect([big.width, big.height]).toEqual([W, H]);
    expect([small.width, small.height]).toEqual([PIECE_SIZE, PIECE_SIZE]);
    expect(PIECE_SIZE).toBe(Limits.puzzle.block + 2 * Limits.puzzle.radius);
  });

  it('keeps the piece inside the image and clear of the slider start, whatever the random source', () => {
    const sources = [() => 0, () => 0.999_999_9, Math.random, seeded(7), seeded(8)];
    for (const random of sources) {
      for (let n = 0; n < 10; n++) {
        const { x, y } = renderPuzzle(random);
        expect(x).toBeGreaterThanOrEqual(X_RANGE.min);
        expect(x).toBeLessThanOrEqual(X_RANGE.max);
        expect(y).toBeGreaterThanOrEqual(Y_RANGE.min);
        expect(y).toBeLessThanOrEqual(Y_RANGE.max);
        expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true);
        expect(x + PIECE_SIZE).toBeLessThanOrEqual(W);
        expect(y + PIECE_SIZE).toBeLessThanOrEqual(H);
      }
    }
    expect(X_RANGE.min).toBeGreaterThan(PIECE_SIZE);
  });

  it('cuts the piece from exactly where the hole is', () => {
    const raw = renderPuzzle(seeded(42));
    const p = generatePuzzle(seeded(42));
    expect([p.x, p.y]).toEqual([raw.x, raw.y]);
    const big = decode(p.bigImg);
    const small = decode(p.smallImg);
    // The encoding is lossless: the PNGs hold exactly the rendered pixels.
    expect(Buffer.from(small.data).equals(Buffer.from(raw.piece))).toBe(true);
    expect(Buffer.from(big.data).equals(Buffer.from(raw.big))).toBe(true);

    const { x, y, background } = raw;
    const inside = interior();
    expect(inside.length).toBeGreaterThan(1000);
    for (const m of inside) {
      const i = m % PIECE_SIZE;
      const j = Math.floor(m / PIECE_SIZE);
      const k = ((y + j) * W + (x + i)) * 4;
      for (let c = 0; c < 3; c++) {
        expect(small.data[m * 4 + c]).toBe(background[k + c]);
        // The hole is the same pixels, darkened.
        expect(Math.abs(big.data[k + c] - small.data[m * 4 + c] * 0.5)).toBeLessThanOrEqual(1);
      }
      expect(small.data[m * 4 + 3]).toBe(255);
    }
    // Transparent outside the shape.
    for (let m = 0; m < PIECE_SIZE * PIECE_SIZE; m++) {
      if (puzzleShape.coverage[m] === 0) expect(small.data[m * 4 + 3]).toBe(0);
    }
    // The background is untouched away from the hole.
    for (let py = 0; py < H; py++) {
      for (let px = 0; px < W; px++) {
        if (px >= x && px < x + PIECE_SIZE && py >= y && py < y + PIECE_SIZE) continue;
        const k = (py * W + px) * 4;
        if (big.data[k] !== background[k] || big.data[k + 1] !== background[k + 1]) {
          throw new Error(`background changed at ${px},${py}`);
        }
      }
    }
  });

  it('lets the hole be found from the two images alone, and only at the returned x', () => {
    const p = generatePuzzle(seeded(3));
    const big = decode(p.bigImg);
    const small = decode(p.smallImg);
    const inside = interior();
    const mismatch = (x: number): number => {
      let bad = 0;
      for (const m of inside) {
        const k = ((p.y + Math.floor(m / PIECE_SIZE)) * W + x + (m % PIECE_SIZE)) * 4;
        if (Math.abs(big.data[k] - small.data[m * 4] * 0.5) > 1) bad++;
      }
      return bad;
    };
    expect(mismatch(p.x)).toBe(0);
    const elsewhere = p.x > X_RANGE.min + 20 ? p.x - 20 : p.x + 20;
    expect(mismatch(elsewhere)).toBeGreaterThan(inside.length / 2);
  });

  it('varies with the random source', () => {
    const a = generatePuzzle(seeded(1));
    const b = generatePuzzle(seeded(2));
    expect(a.x).not.toBe(b.x);
    expect(a.bigImg).not.toBe(b.bigImg);
    const xs = new Set(Array.from({ length: 20 }, () => generatePuzzle().x));
    expect(xs.size).toBeGreaterThan(5);
  });
});
