import { describe, expect, it } from 'vitest';
import { LiveEventTypes, liveEventData, parseLiveEvent } from '../src/index.ts';

describe('live events', () => {
  it('defines the data of every type', () => {
    expect(Object.keys(liveEventData).sort()).toEqual([...LiveEventTypes].sort());
  });

  it('parses what the stream sends and ignores what it does not know', () => {
    const data = {
      terminal_id: 7,
      org_id: 3,
      at: '2026-11-26T00:00:00.000Z',
      lat: 22.3,
      lng: 114.1,
      speed: null,
    };
    expect(parseLiveEvent(12, 'position', data)).toEqual({ id: 12, type: 'position', data });
    expect(parseLiveEvent(12, 'position', { ...data, lat: 'north' })).toBeUndefined();
    expect(parseLiveEvent(12, 'terminal.rebooted', { terminal_id: 7 })).toBeUndefined();
    expect(parseLiveEvent(13, 'terminal.offline', { terminal_id: 7, org_id: 3, at: data.at })).toMatchObject({
      type: 'terminal.offline',
    });
  });
});
