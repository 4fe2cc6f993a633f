import { describe, expect, it } from 'vitest';
import { clockMinutes, dayRange, localParts, startOfDay } from './zoned-time.ts';

describe('zoned time', () => {
  it('gives the local date and minute of an instant', () => {
    const at = new Date('2025-03-01T16:30:00Z');
    expect(localParts(at, 'UTC')).toEqual({ date: '2025-03-01', minutes: 16 * 60 + 30 });
    expect(localParts(at, 'Asia/Hong_Kong')).toEqual({ date: '2025-03-02', minutes: 30 });
    expect(localParts(at, 'America/New_York')).toEqual({ date: '2025-03-01', minutes: 11 * 60 + 30 });
  });

  it('finds the start of a local day, across daylight saving changes', () => {
    expect(startOfDay('2025-03-02', 'Asia/Hong_Kong').toISOString()).toBe('2025-03-01T16:00:00.000Z');
    expect(startOfDay('2025-03-09', 'America/New_York').toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(startOfDay('2025-03-10', 'America/New_York').toISOString()).toBe('2025-03-10T04:00:00.000Z');
    expect(startOfDay('2025-11-02', 'America/New_York').toISOString()).toBe('2025-11-02T04:00:00.000Z');
    expect(startOfDay('2025-01-01', 'UTC').toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('turns a date range into instants with the end day included', () => {
    const r = dayRange('2025-03-01', '2025-03-02', 'Asia/Hong_Kong');
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual([
      '2025-02-28T16:00:00.000Z',
      '2025-03-02T16:00:00.000Z',
    ]);
  });

  it('reads clock times', () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('23:59')).toBe(1439);
    expect(clockMinutes('08:30')).toBe(510);
  });
});
