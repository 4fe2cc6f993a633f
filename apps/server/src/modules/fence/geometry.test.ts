import { describe, expect, it } from 'vitest';
import { contains, distance, inPolygon, isSimplePolygon, type Point, unwrap } from './geometry.ts';

const p = (lat: number, lng: number): Point => ({ lat, lng });
/** Metres per degree of latitude on the mean sphere. */
const degree = (6_371_008.8 * Math.PI) / 180;

describe('distance (haversine)', () => {
  it('is zero for the same point and symmetric', () => {
    expect(distance(p(22.3, 114.17), p(22.3, 114.17))).toBe(0);
    const a = p(22.3193, 114.1694);
    const b = p(22.2783, 114.1747);
    expect(distance(a, b)).toBeCloseTo(distance(b, a), 9);
  });

  it('measures a degree of latitude and a known city pair', () => {
    expect(distance(p(0, 0), p(1, 0))).toBeCloseTo(degree, 3);
    // Hong Kong to Taipei is about 808 km on the sphere.
    expect(distance(p(22.3193, 114.1694), p(25.033, 121.5654)) / 1000).toBeCloseTo(808, -1);
  });

  it('takes the short way across the antimeridian', () => {
    const d = distance(p(0, 179.9), p(0, -179.9));
    expect(d).toBeCloseTo(0.2 * degree, 3);
    expect(distance(p(-16.5, 179.99), p(-16.5, -179.99))).toBeLessThan(2200);
  });

  it('handles antipodes and the poles without NaN', () => {
    expect(distance(p(0, 0), p(0, 180))).toBeCloseTo(Math.PI * 6_371_008.8, 3);
    expect(distance(p(90, 0), p(90, 123))).toBeCloseTo(0, 6);
  });
});

describe('circle', () => {
  const circle = { shape: 'circle' as const, center: p(22.3, 114.17), radius: 500 };
  const north = (m: number) => p(22.3 + m / degree, 114.17);

  it('contains the centre and points within the radius', () => {
    expect(contains(circle, circle.center)).toBe(true);
    expect(contains(circle, north(499))).toBe(true);
    expect(contains(circle, north(501))).toBe(false);
  });

  it('counts a point on the rim as inside', () => {
    const rim = { ...circle, radius: distance(circle.center, north(500)) };
    expect(contains(rim, north(500))).toBe(true);
  });

  it('works across the antimeridian', () => {
    const fiji = { shape: 'circle' as const, center: p(-16.5, 179.999), radius: 1000 };
    expect(contains(fiji, p(-16.5, -179.995))).toBe(true);
    expect(contains(fiji, p(-16.5, -179.98))).toBe(false);
  });
});

describe('polygon (point in polygon)', () => {
  const square = [p(0, 0), p(0, 1), p(1, 1), p(1, 0)];
  const concave = [p(0, 0), p(0, 4), p(4, 4), p(4, 0), p(2, 2)]; // a notch from the west

  it('separates inside from outside', () => {
    expect(inPolygon(p(0.5, 0.5), square)).toBe(true);
    expect(inPolygon(p(1.5, 0.5), square)).toBe(false);
    expect(inPolygon(p(-0.1, 0.5), square)).toBe(false);
  });

  it('counts points on an edge and on a vertex as inside', () => {
    expect(inPolygon(p(0, 0.5), square)).toBe(true);
    expect(inPolygon(p(0.5, 1), square)).toBe(true);
    expect(inPolygon(p(1, 1), square)).toBe(true);
    expect(inPolygon(p(0, 0), square)).toBe(true);
    expect(inPolygon(p(1.0000001, 0.5), square)).toBe(false);
  });

  it('follows a concave outline', () => {
    expect(inPolygon(p(3, 2), concave)).toBe(true);
    expect(inPolygon(p(2, 1), concave)).toBe(false);
    expect(inPolygon(p(1, 2), concave)).toBe(true);
    expect(inPolygon(p(0.5, 1), concave)).toBe(true);
  });

  it('does not depend on the winding order or on the first vertex', () => {
    const reversed = [...square].reverse();
    const rotated = [...square.slice(2), ...square.slice(0, 2)];
    for (const ring of [reversed, rotated]) {
      expect(inPolygon(p(0.5, 0.5), ring)).toBe(true);
      expect(inPolygon(p(0.5, 1.5), ring)).toBe(false);
    }
  });

  it('is counted with a ray that passes through a vertex correctly', () => {
    const diamond = [p(0, 1), p(1, 2), p(2, 1), p(1, 0)];
    expect(inPolygon(p(1, 0.5), diamond)).toBe(true);
    expect(inPolygon(p(1, 2.5), diamond)).toBe(false);
    expect(inPolygon(p(1, -0.5), diamond)).toBe(false);
  });

  it('spans the antimeridian', () => {
    const dateLine = [p(-17, 179.5), p(-17, -179.5), p(-16, -179.5), p(-16, 179.5)];
    expect(inPolygon(p(-16.5, 179.9), dateLine)).toBe(true);
    expect(inPolygon(p(-16.5, -179.9), dateLine)).toBe(true);
    expect(inPolygon(p(-16.5, 180), dateLine)).toBe(true);
    expect(inPolygon(p(-16.5, 0), dateLine)).toBe(false);
    expect(inPolygon(p(-16.5, 179), dateLine)).toBe(false);
    expect(inPolygon(p(-16.5, -179), dateLine)).toBe(false);
  });
});

describe('isSimplePolygon', () => {
  it('accepts triangles, squares and concave rings', () => {
    expect(isSimplePolygon([p(0, 0), p(0, 1), p(1, 0)])).toBe(true);
    expect(isSimplePolygon([p(0, 0), p(0, 1), p(1, 1), p(1, 0)])).toBe(true);
    expect(isSimplePolygon([p(0, 0), p(0, 4), p(4, 4), p(4, 0), p(2, 2)])).toBe(true);
    expect(isSimplePolygon([p(-17, 179.5), p(-17, -179.5), p(-16, -179.5), p(-16, 179.5)])).toBe(true);
  });

  it('refuses a bow tie, a line, repeated points and fewer than three points', () => {
    expect(isSimplePolygon([p(0, 0), p(1, 1), p(0, 1), p(1, 0)])).toBe(false);
    expect(isSimplePolygon([p(0, 0), p(0, 1), p(0, 2)])).toBe(false);
    expect(isSimplePolygon([p(0, 0), p(0, 1), p(0, 1), p(1, 0)])).toBe(false);
    expect(isSimplePolygon([p(0, 0), p(0, 1)])).toBe(false);
  });

  it('refuses a ring that touches itself or folds back', () => {
    expect(isSimplePolygon([p(0, 0), p(0, 2), p(1, 1), p(0, 1), p(-1, 1)])).toBe(false);
    expect(isSimplePolygon([p(0, 0), p(0, 2), p(0, 1), p(1, 0)])).toBe(false);
  });

  it('refuses half the globe or more in longitude', () => {
    expect(isSimplePolygon([p(0, -90), p(0, 0), p(0, 90), p(10, 0)])).toBe(false);
  });
});

describe('unwrap', () => {
  it.each([
    [-179.9, 179.9, 180.1],
    [179.9, -179.9, -180.1],
    [10, 0, 10],
    [350, 0, -10],
  ])('%f near %f is %f', (lng, ref, expected) => {
    expect(unwrap(lng, ref)).toBeCloseTo(expected, 9);
  });
});
