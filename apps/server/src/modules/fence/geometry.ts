/**
 * Fence geometry on the WGS 84 sphere, pure and synchronous so the engine and its tests share it.
 * Distances use the mean Earth radius; fences are at most tens of kilometres across, where the
 * sphere is within 0.5 % of the ellipsoid and polygon edges may be taken as straight in degrees.
 */
export interface Point {
  lat: number;
  lng: number;
}

export type Shape =
  | { shape: 'circle'; center: Point; radius: number }
  | { shape: 'polygon'; points: Point[] };

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
/** Polygon edges within this many degrees (about a millimetre) count as touching the point. */
const EDGE_EPSILON = 1e-8;

/** Great-circle distance in metres. Haversine takes the longitude difference through sin², so a pair on either
 * side of the antimeridian (179.9 and -179.9) is 0.2° apart, not 359.8°. */
export function distance(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The longitude moved by whole turns to lie within 180° of a reference, so shapes across the antimeridian stay whole. */
export const unwrap = (lng: number, reference: number) => lng - 360 * Math.round((lng - reference) / 360);

/** Polygon vertices with longitudes made continuous from the first vertex. */
export function unwrapRing(points: Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) out.push({ lat: p.lat, lng: unwrap(p.lng, out.at(-1)?.lng ?? p.lng) });
  return out;
}

const cross = (o: Point, a: Point, b: Point) =>
  (a.lng - o.lng) * (b.lat - o.lat) - (a.lat - o.lat) * (b.lng - o.lng);

const onSegment = (p: Point, a: Point, b: Point) =>
  Math.abs(cross(a, b, p)) <= EDGE_EPSILON * Math.max(1, Math.hypot(b.lat - a.lat, b.lng - a.lng)) &&
  p.lat >= Math.min(a.lat, b.lat) - EDGE_EPSILON &&
  p.lat <= Math.max(a.lat, b.lat) + EDGE_EPSILON &&
  p.lng >= Math.min(a.lng, b.lng) - EDGE_EPSILON &&
  p.lng <= Math.max(a.lng, b.lng) + EDGE_EPSILON;

/** Even-odd ray casting in degrees; a point on an edge or a vertex is inside. */
export function inPolygon(point: Point, polygon: Point[]): boolean {
  const ring = unwrapRing(polygon);
  const p = { lat: point.lat, lng: unwrap(point.lng, centreLng(ring)) };
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (onSegment(p, a, b)) return true;
    if (a.lat > p.lat !== b.lat > p.lat) {
      const lngAtLat = a.lng + ((p.lat - a.lat) / (b.lat - a.lat)) * (b.lng - a.lng);
      if (p.lng < lngAtLat) inside = !inside;
    }
  }
  return inside;
}

const centreLng = (ring: Point[]) => {
  const lngs = ring.map((p) => p.lng);
  return (Math.min(...lngs) + Math.max(...lngs)) / 2;
};

/** A circle includes its rim: a terminal exactly at the radius is inside. */
export const contains = (shape: Shape, p: Point): boolean =>
  shape.shape === 'circle' ? distance(shape.center, p) <= shape.radius : inPolygon(p, shape.points);

const segmentsCross = (a: Point, b: Point, c: Point, d: Point) => {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b);
};

/** Twice the signed area in square degrees (shoelace). */
const doubledArea = (ring: Point[]) =>
  ring.reduce((sum, p, i) => {
    const q = ring[(i + 1) % ring.length];
    return sum + (p.lng * q.lat - q.lng * p.lat);
  }, 0);

/**
 * A polygon a fence can use: a closed ring that encloses an area, spans less than half the globe in
 * longitude and has no two edges crossing or touching except neighbours at their shared vertex.
 */
export function isSimplePolygon(points: Point[]): boolean {
  if (points.length < 3) return false;
  const ring = unwrapRing(points);
  const lngs = ring.map((p) => p.lng);
  if (Math.max(...lngs) - Math.min(...lngs) >= 180) return false;
  if (Math.abs(doubledArea(ring)) < 1e-12) return false;
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) continue;
      if (segmentsCross(ring[i], ring[(i + 1) % n], ring[j], ring[(j + 1) % n])) return false;
    }
  }
  // Neighbouring edges may only meet at their vertex: a spike folding back onto itself is not a ring.
  for (let i = 0; i < n; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % n];
    const c = ring[(i + 2) % n];
    if (
      Math.abs(cross(a, b, c)) < 1e-15 &&
      (c.lat - b.lat) * (a.lat - b.lat) + (c.lng - b.lng) * (a.lng - b.lng) > 0
    )
      return false;
  }
  return true;
}
