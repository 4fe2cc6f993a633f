import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/**
 * Draws the app's icons (public/icon-*.png) from the shapes of public/favicon.svg: a microphone on the
 * default brand blue. Run it again after changing the mark: `npx tsx apps/web/build/icons.ts`.
 * The maskable icon fills its whole square and keeps the mark inside the central safe circle (80%).
 */

const blue = [0x16, 0x77, 0xff];
const white = [0xff, 0xff, 0xff];

/** Distance from p to the segment a–b. */
const toSegment = (px: number, py: number, ax: number, ay: number, bx: number, by: number) => {
  const [dx, dy] = [bx - ax, by - ay];
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
};

/** The white mark in the favicon's 64-unit square. */
const inMark = (x: number, y: number) =>
  toSegment(x, y, 32, 18, 32, 32) <= 8 ||
  (y >= 30 && Math.abs(Math.hypot(x - 32, y - 30) - 16) <= 2) ||
  toSegment(x, y, 16, 30, 16, 30) <= 2 ||
  toSegment(x, y, 48, 30, 48, 30) <= 2 ||
  toSegment(x, y, 32, 46, 32, 54) <= 2 ||
  toSegment(x, y, 24, 54, 40, 54) <= 2;

/** The rounded square of the favicon (corner radius 14 of 64). */
const inTile = (x: number, y: number) => {
  const r = 14;
  const cx = Math.max(r, Math.min(64 - r, x));
  const cy = Math.max(r, Math.min(64 - r, y));
  return x >= 0 && x <= 64 && y >= 0 && y <= 64 && Math.hypot(x - cx, y - cy) <= r;
};

function draw(size: number, maskable: boolean) {
  const png = new PNG({ width: size, height: size });
  const samples = 4;
  // The maskable icon draws the mark at 70% around the centre, well inside the 80% safe circle.
  const scale = maskable ? 0.7 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [tile, mark] = [0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          const [mx, my] = [32 + (x - 32) / scale, 32 + (y - 32) / scale];
          if (maskable || inTile(x, y)) tile++;
          if ((maskable || inTile(x, y)) && inMark(mx, my)) mark++;
        }
      }
      const n = samples * samples;
      const i = (py * size + px) * 4;
      const cover = mark / (tile || 1);
      for (let c = 0; c < 3; c++) png.data[i + c] = Math.round(blue[c] + (white[c] - blue[c]) * cover);
      png.data[i + 3] = Math.round((tile / n) * 255);
    }
  }
  return PNG.sync.write(png, { colorType: 6 });
}

const out = new URL('../public/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), draw(192, false));
writeFileSync(new URL('icon-512.png', out), draw(512, false));
writeFileSync(new URL('icon-maskable-512.png', out), draw(512, true));
writeFileSync(new URL('apple-touch-icon.png', out), draw(180, true));
