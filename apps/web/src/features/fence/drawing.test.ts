import { api } from '@ptt/contract';
import { describe, expect, it } from 'vitest';
import { centreOf, drawnContent, emptyDrawing, shapeParams, tap, undo } from './drawing.ts';

const base = { name: 'Depot', trigger: 0 };

describe('drawing a fence by tapping', () => {
  it('adds a corner per tap, undoes the last, and sends the corners in tap order', () => {
    let d = emptyDrawing('polygon');
    for (const p of [
      { lat: 22.3, lng: 114.1 },
      { lat: 22.31, lng: 114.1 },
      { lat: 22.31, lng: 114.11 },
      { lat: 22.4, lng: 114.4 },
    ])
      d = tap(d, p);
    d = undo(d);
    expect(shapeParams(d)).toEqual({ shape: 'polygon', points: '22.3,114.1;22.31,114.1;22.31,114.11' });
    expect(api.fence.add.params.safeParse({ ...base, ...shapeParams(d) }).success).toBe(true);
    expect(drawnContent(d).markers).toHaveLength(3);
  });

  it('is refused by the contract rule with fewer than three corners', () => {
    const d = tap(tap(emptyDrawing('polygon'), { lat: 1, lng: 1 }), { lat: 1, lng: 2 });
    const result = api.fence.add.params.safeParse({ ...base, ...shapeParams(d) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('fenceShape');
  });

  it('places a circle where tapped, moves it on the next tap, and keeps its radius', () => {
    let d = tap(emptyDrawing('circle'), { lat: 10, lng: 20 });
    d = tap(d, { lat: 11.1234567, lng: 21 });
    expect(shapeParams(d)).toEqual({ shape: 'circle', center: '11.123457,21', radius: 200 });
    expect(api.fence.add.params.safeParse({ ...base, ...shapeParams(d) }).success).toBe(true);
    expect(shapeParams(undo(d))).toMatchObject({ center: '' });
  });

  it('opens the map on the middle of the corners, or on the circle', () => {
    let d = emptyDrawing('polygon');
    expect(centreOf(d)).toBeNull();
    for (const p of [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 2 },
      { lat: 2, lng: 2 },
      { lat: 2, lng: 0 },
    ])
      d = tap(d, p);
    expect(centreOf(d)).toEqual({ lat: 1, lng: 1 });
    expect(centreOf(tap(emptyDrawing('circle'), { lat: 5, lng: 6 }))).toEqual({ lat: 5, lng: 6 });
  });
});
