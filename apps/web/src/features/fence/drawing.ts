import type { api, DataOf } from '@ptt/contract';
import type { LatLng, MapMarker, MapShape } from '../../components/map/shapes.ts';

/** A fence shape while it is drawn: the polygon's corners in tap order, or a circle's centre and radius. */
export type Drawing =
  | { kind: 'polygon'; points: LatLng[] }
  | { kind: 'circle'; center: LatLng | null; radius: number };

export const emptyDrawing = (kind: Drawing['kind']): Drawing =>
  kind === 'polygon' ? { kind, points: [] } : { kind, center: null, radius: 200 };

/** A tap on the map: a polygon gains a corner, a circle moves its centre. */
export const tap = (d: Drawing, p: LatLng): Drawing =>
  d.kind === 'polygon' ? { ...d, points: [...d.points, p] } : { ...d, center: p };

/** Takes back the last tap of a polygon, or the circle's centre. */
export const undo = (d: Drawing): Drawing =>
  d.kind === 'polygon' ? { ...d, points: d.points.slice(0, -1) } : { ...d, center: null };

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const pair = (p: LatLng) => `${round(p.lat)},${round(p.lng)}`;

/** The shape parameters of fence/add and fence/update, as the contract reads them. */
export const shapeParams = (d: Drawing) =>
  d.kind === 'polygon'
    ? { shape: 'polygon' as const, points: d.points.map(pair).join(';') }
    : { shape: 'circle' as const, center: d.center ? pair(d.center) : '', radius: d.radius };

type Fence = DataOf<typeof api.fence.detail>;

/** The drawing of a saved fence, to edit it. */
export const drawingOf = (f: Fence): Drawing =>
  f.shape === 'polygon'
    ? { kind: 'polygon', points: f.points }
    : { kind: 'circle', center: f.center, radius: f.radius ?? 200 };

/** What the map shows of a drawing: the shape so far and a handle on every corner or the centre. */
export const drawnContent = (d: Drawing): { shapes: MapShape[]; markers: MapMarker[] } => {
  if (d.kind === 'circle')
    return d.center
      ? {
          shapes: [{ kind: 'circle', center: d.center, radius: d.radius }],
          markers: [{ ...d.center, tone: 'vertex' }],
        }
      : { shapes: [], markers: [] };
  return {
    shapes: d.points.length >= 2 ? [{ kind: 'polygon', points: d.points }] : [],
    markers: d.points.map((p) => ({ ...p, tone: 'vertex' as const })),
  };
};

/** A saved fence as a map shape. */
export const shapeOf = (f: Fence): MapShape =>
  f.shape === 'polygon'
    ? { kind: 'polygon', points: f.points }
    : { kind: 'circle', center: f.center ?? { lat: 0, lng: 0 }, radius: f.radius ?? 0 };

/** Where a map of the drawing opens: the circle's centre or the middle of the polygon's corners. */
export const centreOf = (d: Drawing): LatLng | null => {
  if (d.kind === 'circle') return d.center;
  if (d.points.length === 0) return null;
  const lat = d.points.reduce((s, p) => s + p.lat, 0) / d.points.length;
  const lng = d.points.reduce((s, p) => s + p.lng, 0) / d.points.length;
  return { lat, lng };
};
