/**
 * Slider-puzzle images (SPEC §9: 320×160, block 42, knob radius 10).
 *
 * Geometry contract with the web component (apps/web/src/components/slider-puzzle):
 * - `smallImg` is only the piece's bounding box, PIECE_SIZE × PIECE_SIZE (block + 2·radius = 62 px), transparent
 *   outside the jigsaw shape. The web draws it at `top = y` and `left = slider offset`.
 * - `x` and `y` are the top-left corner of that box over the background when the piece sits exactly in the hole,
 *   so the slide is right when the piece's left offset (in 320-px image space) equals `x`.
 *
 * All variation comes from `random`, so a test can pin a puzzle; the per-pixel grain is a fixed table read from
 * a random offset, because calling `random` once per pixel would cost more than painting the whole scene.
 */
import { Limits } from '@ptt/contract';
import { PNG } from 'pngjs';

const { width: W, height: H, block: L, radius: R } = Limits.puzzle;

/** Side of the piece image: the body plus a knob on two sides, with a little margin for the antialiased edge. */
export const PIECE_SIZE = L + 2 * R;
/** How far a knob reaches into the body, so it joins with a neck instead of touching at a point. */
const OVERLAP = 4;
/** Margin around the shape inside the piece image, room for the antialiased edge. */
const PAD = (PIECE_SIZE - (L + 2 * R - OVERLAP)) / 2;
/** Where the hole may go: clear of the start (so an untouched slider never passes) and of the right edge. */
export const X_RANGE = { min: L + 2 * R + 10, max: W - L - 2 * R - 10 } as const;
export const Y_RANGE = { min: 4, max: H - PIECE_SIZE - 4 } as const;

export interface PuzzleShape {
  size: number;
  /** 0..1 area of each pixel covered by the jigsaw shape (antialiased edge). */
  coverage: Float32Array;
  /** 0..1 strength of the light outline drawn just inside the edge. */
  outline: Float32Array;
}

// Just enough grain to dither the gradients' banding; stronger grain bloats the PNG (±4 nearly doubles it).
const GRAIN_AMPLITUDE = 3;

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

/** Signed distance to the jigsaw outline (negative inside), in piece-image pixels. */
function shapeDistance(px: number, py: number): number {
  const bx = PAD;
  const by = PAD + 2 * R - OVERLAP;
  // Rounded-free box: distance to the body square.
  const hx = L / 2;
  const qx = Math.abs(px - (bx + hx)) - hx;
  const qy = Math.abs(py - (by + hx)) - hx;
  const box = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0);
  const top = Math.hypot(px - (bx + L / 2), py - (by - R + OVERLAP)) - R;
  const right = Math.hypot(px - (bx + L + R - OVERLAP), py - (by + L / 2)) - R;
  // A notch bitten out of the left side makes the silhouette read as a jigsaw piece at a glance.
  const notch = Math.hypot(px - (bx + R - OVERLAP - 1), py - (by + L / 2)) - (R - 1);
  return Math.max(Math.min(box, top, right), -notch);
}

function buildShape(): PuzzleShape {
  const size = PIECE_SIZE;
  const coverage = new Float32Array(size * size);
  const outline = new Float32Array(size * size);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const d = shapeDistance(i + 0.5, j + 0.5);
      const k = j * size + i;
      coverage[k] = clamp01(0.5 - d);
      // A ~1.5 px band centred one pixel inside the edge.
      outline[k] = clamp01(1.25 - Math.abs(d + 1)) * coverage[k];
    }
  }
  return { size, coverage, outline };
}

/** The shape never changes, so its masks are computed once per process. */
export const puzzleShape: PuzzleShape = buildShape();

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hue % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 1
      ? [c, x, 0]
      : hue < 2
        ? [x, c, 0]
        : hue < 3
          ? [0, c, x]
          : hue < 4
            ? [0, x, c]
            : hue < 5
              ? [x, 0, c]
              : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

/**
 * Film grain, computed once: a table of a prime length so that, read row by row from a random offset, its
 * repeats never line up into visible columns. A fixed seed keeps the process-wide table reproducible.
 */
const GRAIN = (() => {
  const table = new Float32Array(4099);
  let a = 0x9e3779b9;
  for (let i = 0; i < table.length; i++) {
    // xorshift32
    a ^= a << 13;
    a ^= a >>> 17;
    a ^= a << 5;
    table[i] = ((a >>> 0) / 4294967296 - 0.5) * GRAIN_AMPLITUDE;
  }
  return table;
})();

interface Glow {
  cx: number;
  cy: number;
  r: number;
  colour: Rgb;
  alpha: number;
  /** Width of the soft rim relative to the radius: small for bokeh discs, 1 for a diffuse glow. */
  soft: number;
}

interface Ridge {
  heights: Float32Array;
  colour: Rgb;
  shade: Rgb;
}

/**
 * A landscape at dusk or dawn: a two-colour sky, a sun, soft discs, faint light rays and three ranges of hills.
 * The hills and discs give the hole edges to hide against, so it is not findable by looking for a flat area.
 */
export function paintBackground(random: () => number): Uint8ClampedArray {
  const hue = random() * 360;
  const skyTop = hsl(hue, 0.55, 0.62);
  const skyLow = hsl(hue + 35 + random() * 40, 0.75, 0.84);
  const tilt = random() * 0.6 - 0.3;

  const glows: Glow[] = [];
  glows.push({
    cx: 30 + random() * (W - 60),
    cy: 15 + random() * 45,
    r: 14 + random() * 10,
    colour: hsl(hue + 50 + random() * 30, 0.95, 0.9),
    alpha: 0.9,
    soft: 0.15,
  });
  glows.push({ ...glows[0], r: glows[0].r * 3.2, alpha: 0.35, soft: 1 });
  const discs = 6 + Math.floor(random() * 5);
  for (let n = 0; n < discs; n++) {
    glows.push({
      cx: random() * W,
      cy: random() * H,
      r: 6 + random() * 26,
      colour: hsl(hue + random() * 180 - 90, 0.7, 0.75 + random() * 0.15),
      alpha: 0.12 + random() * 0.22,
      soft: 0.25 + random() * 0.35,
    });
  }

  const ridges: Ridge[] = [];
  const hillHue = hue + 150 + random() * 60;
  for (let layer = 0; layer < 3; layer++) {
    const base = H * (0.42 + layer * 0.17 + random() * 0.06);
    const waves = [0, 1, 2].map((w) => ({
      amp: (14 - layer * 3) / (w + 1) + random() * 4,
      freq: ((w + 1) * (0.012 + random() * 0.012) * Math.PI * 2) / 2,
      phase: random() * Math.PI * 2,
    }));
    const heights = new Float32Array(W);
    for (let i = 0; i < W; i++) {
      let h = base;
      for (const v of waves) h += v.amp * Math.sin(i * v.freq + v.phase);
      heights[i] = h;
    }
    const light = 0.58 - layer * 0.14;
    ridges.push({
      heights,
      colour: hsl(hillHue + layer * 12, 0.38 + layer * 0.08, light),
      shade: hsl(hillHue + layer * 12 + 10, 0.45 + layer * 0.08, light - 0.12),
    });
  }
  const rayFreq = 0.05 + random() * 0.05;
  const rayPhase = random() * Math.PI * 2;
  const grainOffset = Math.floor(random() * GRAIN.length);

  // Layers are painted in passes over float planes so each glow and ridge only touches the pixels it covers.
  const r = new Float32Array(W * H);
  const g = new Float32Array(W * H);
  const b = new Float32Array(W * H);
  // Rays run along x + 0.6·y; one sine per diagonal instead of one per pixel.
  const rays = new Float32Array(W + H);
  for (let i = 0; i < rays.length; i++) {
    const s = 0.5 + 0.5 * Math.sin(i * rayFreq + rayPhase);
    rays[i] = s * s * 14;
  }
  for (let y = 0; y < H; y++) {
    const rayRow = Math.round(y * 0.6);
    for (let x = 0; x < W; x++) {
      const t = clamp01(y / H + tilt * (x / W - 0.5));
      const lift = rays[x + rayRow] * (1 - t);
      const k = y * W + x;
      r[k] = skyTop[0] + (skyLow[0] - skyTop[0]) * t + lift;
      g[k] = skyTop[1] + (skyLow[1] - skyTop[1]) * t + lift;
      b[k] = skyTop[2] + (skyLow[2] - skyTop[2]) * t + lift;
    }
  }
  for (const c of glows) {
    const x0 = Math.max(0, Math.floor(c.cx - c.r));
    const x1 = Math.min(W - 1, Math.ceil(c.cx + c.r));
    const y0 = Math.max(0, Math.floor(c.cy - c.r));
    const y1 = Math.min(H - 1, Math.ceil(c.cy + c.r));
    const edge = c.r * c.soft;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const dx = x - c.cx;
        const dy = y - c.cy;
        const d2 = dx * dx + dy * dy;
        if (d2 >= c.r * c.r) continue;
        const a = c.alpha * clamp01((c.r - Math.sqrt(d2)) / edge);
        const k = y * W + x;
        r[k] += (c.colour[0] - r[k]) * a;
        g[k] += (c.colour[1] - g[k]) * a;
        b[k] += (c.colour[2] - b[k]) * a;
      }
    }
  }
  for (const ridge of ridges) {
    for (let x = 0; x < W; x++) {
      const top = ridge.heights[x];
      for (let y = Math.max(0, Math.floor(top)); y < H; y++) {
        const a = clamp01(y + 1 - top);
        const depth = clamp01((y - top) / (H - top + 1));
        const k = y * W + x;
        r[k] += (ridge.colour[0] + (ridge.shade[0] - ridge.colour[0]) * depth - r[k]) * a;
        g[k] += (ridge.colour[1] + (ridge.shade[1] - ridge.colour[1]) * depth - g[k]) * a;
        b[k] += (ridge.colour[2] + (ridge.shade[2] - ridge.colour[2]) * depth - b[k]) * a;
      }
    }
  }

  const out = new Uint8ClampedArray(W * H * 4);
  for (let k = 0; k < W * H; k++) {
    const n = GRAIN[(k + grainOffset) % GRAIN.length];
    // A clamped array rounds and saturates on store, so overshoot from glows and grain needs no checks here.
    out[k * 4] = r[k] + n;
    out[k * 4 + 1] = g[k] + n;
    out[k * 4 + 2] = b[k] + n;
    out[k * 4 + 3] = 255;
  }
  return out;
}

export interface RenderedPuzzle {
  x: number;
  y: number;
  /** The untouched background, RGBA 320×160. */
  background: Uint8ClampedArray;
  /** The background with the hole drawn, RGBA 320×160. */
  big: Uint8ClampedArray;
  /** The piece, RGBA PIECE_SIZE×PIECE_SIZE. */
  piece: Uint8ClampedArray;
}

/** Raw pixels of one puzzle; `generatePuzzle` only adds PNG encoding. Exposed for tests. */
export function renderPuzzle(random: () => number = Math.random): RenderedPuzzle {
  const x = X_RANGE.min + Math.floor(random() * (X_RANGE.max - X_RANGE.min + 1));
  const y = Y_RANGE.min + Math.floor(random() * (Y_RANGE.max - Y_RANGE.min + 1));
  const background = paintBackground(random);
  const big = background.slice();
  const { size, coverage, outline } = puzzleShape;
  const piece = new Uint8ClampedArray(size * size * 4);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const m = j * size + i;
      const cov = coverage[m];
      if (cov === 0) continue;
      const line = outline[m];
      const k = ((y + j) * W + (x + i)) * 4;
      const p = m * 4;
      for (let c = 0; c < 3; c++) {
        const v = background[k + c];
        piece[p + c] = v + (255 - v) * line * 0.85;
        // The hole: darkened by half, with a fainter light rim than the piece's so the two read as a pair.
        const dark = v * (1 - 0.5 * cov);
        big[k + c] = dark + (255 - dark) * line * 0.6;
      }
      piece[p + 3] = Math.round(cov * 255);
    }
  }
  return { x, y, background, big, piece };
}

function encode(data: Uint8ClampedArray, width: number, height: number, opaque: boolean): string {
  const png = new PNG({ width, height });
  png.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  // Filter 1 (Sub) compresses these gradients about as well as adaptive filtering and skips pngjs's try-every-filter search, the slow part.
  const buf = PNG.sync.write(png, {
    colorType: opaque ? 2 : 6,
    inputHasAlpha: true,
    filterType: 1,
    deflateLevel: 3,
    deflateStrategy: 0,
  });
  return `data:image/png;base64,${buf.toString('base64')}`;
}

export function generatePuzzle(random: () => number = Math.random): {
  x: number;
  y: number;
  bigImg: string;
  smallImg: string;
} {
  const { x, y, big, piece } = renderPuzzle(random);
  return {
    x,
    y,
    bigImg: encode(big, W, H, true),
    smallImg: encode(piece, PIECE_SIZE, PIECE_SIZE, false),
  };
}
