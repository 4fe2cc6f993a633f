import { FenceTrigger } from '@ptt/contract';
import { describe, expect, it } from 'vitest';
import { decide, type FenceState, isArmed, type Validity } from './trigger.ts';

const always: Validity = {
  windowStart: '00:00',
  windowEnd: '23:59',
  timeZone: 'UTC',
  permanent: true,
  dateStart: null,
  dateEnd: null,
};
const at = (iso: string) => new Date(iso);
const MIN = 60_000;
const REPEAT = 5 * MIN;

/** Runs a trigger over a path of inside/outside flags, one position a minute, and returns the alarm minutes. */
function alarmsAlong(trigger: number, path: boolean[], armed: (minute: number) => boolean = () => true) {
  let state: FenceState | undefined;
  const alarms: number[] = [];
  path.forEach((inside, minute) => {
    const d = decide(trigger, armed(minute), state, inside, new Date(minute * MIN), REPEAT);
    if (d.alarm) alarms.push(minute);
    state = d.state;
  });
  return alarms;
}
const seq = (s: string) => [...s].map((c) => c === 'I');

describe('enter and leave alarms fire once per crossing', () => {
  it('enter: on each crossing from outside to inside', () => {
    expect(alarmsAlong(FenceTrigger.enter, seq('OOIIIOOIO'))).toEqual([2, 7]);
  });
  it('leave: on each crossing from inside to outside', () => {
    expect(alarmsAlong(FenceTrigger.leave, seq('IIOOIIO'))).toEqual([2, 6]);
  });
  it('the first position only tells the side', () => {
    expect(alarmsAlong(FenceTrigger.enter, seq('IIII'))).toEqual([]);
    expect(alarmsAlong(FenceTrigger.leave, seq('OOOO'))).toEqual([]);
  });
  it('a crossing while disarmed is not remembered for later', () => {
    expect(alarmsAlong(FenceTrigger.enter, seq('OOIIII'), (m) => m !== 2)).toEqual([]);
    expect(alarmsAlong(FenceTrigger.enter, seq('OOIIOI'), (m) => m !== 2)).toEqual([5]);
  });
});

describe('no-exit and no-entry alarm while in violation, once per interval', () => {
  it('no-entry: at once, then every 5 minutes while inside', () => {
    expect(alarmsAlong(FenceTrigger.noEntry, seq('OIIIIIIIIIIIO'))).toEqual([1, 6, 11]);
  });
  it('no-exit: while outside', () => {
    expect(alarmsAlong(FenceTrigger.noExit, seq('IIOOOOOOI'))).toEqual([2, 7]);
  });
  it('a terminal first seen in violation alarms at once', () => {
    expect(alarmsAlong(FenceTrigger.noEntry, seq('III'))).toEqual([0]);
    expect(alarmsAlong(FenceTrigger.noExit, seq('OOO'))).toEqual([0]);
  });
  it('a new violation alarms at once, even within the interval of the last one', () => {
    expect(alarmsAlong(FenceTrigger.noEntry, seq('IOIOI'))).toEqual([0, 2, 4]);
  });
  it('stays silent while disarmed and alarms when armed if the interval has passed', () => {
    expect(alarmsAlong(FenceTrigger.noEntry, seq('IIIIIIII'), (m) => m >= 3)).toEqual([3]);
    expect(alarmsAlong(FenceTrigger.noEntry, seq('IIIIIIII'), (m) => m < 2 || m > 5)).toEqual([0, 6]);
  });
  it('does not alarm for compliance', () => {
    expect(alarmsAlong(FenceTrigger.noEntry, seq('OOOO'))).toEqual([]);
    expect(alarmsAlong(FenceTrigger.noExit, seq('IIII'))).toEqual([]);
  });
});

describe('isArmed: daily period and dates', () => {
  it('is always armed for a permanent whole-day fence', () => {
    expect(isArmed(always, at('2025-03-01T00:00:00Z'))).toBe(true);
    expect(isArmed(always, at('2025-03-01T23:59:59Z'))).toBe(true);
  });
  it('includes both minutes of the period', () => {
    const office = { ...always, windowStart: '08:00', windowEnd: '18:00' };
    expect(isArmed(office, at('2025-03-01T07:59:59Z'))).toBe(false);
    expect(isArmed(office, at('2025-03-01T08:00:00Z'))).toBe(true);
    expect(isArmed(office, at('2025-03-01T18:00:59Z'))).toBe(true);
    expect(isArmed(office, at('2025-03-01T18:01:00Z'))).toBe(false);
  });
  it('runs a period past midnight when it ends before it starts', () => {
    const night = { ...always, windowStart: '22:00', windowEnd: '06:00' };
    expect(isArmed(night, at('2025-03-01T23:30:00Z'))).toBe(true);
    expect(isArmed(night, at('2025-03-02T05:30:00Z'))).toBe(true);
    expect(isArmed(night, at('2025-03-02T12:00:00Z'))).toBe(false);
  });
  it('reads the period in the fence zone', () => {
    const office = { ...always, windowStart: '08:00', windowEnd: '18:00', timeZone: 'Asia/Hong_Kong' };
    expect(isArmed(office, at('2025-03-01T01:00:00Z'))).toBe(true); // 09:00 in Hong Kong
    expect(isArmed(office, at('2025-03-01T11:00:00Z'))).toBe(false); // 19:00
  });
  it('keeps to the date range, both days included, in the fence zone', () => {
    const march = { ...always, permanent: false, dateStart: '2025-03-01', dateEnd: '2025-03-31' };
    expect(isArmed(march, at('2025-02-28T23:59:59Z'))).toBe(false);
    expect(isArmed(march, at('2025-03-01T00:00:00Z'))).toBe(true);
    expect(isArmed(march, at('2025-03-31T23:59:59Z'))).toBe(true);
    expect(isArmed(march, at('2025-04-01T00:00:00Z'))).toBe(false);
    const hk = { ...march, timeZone: 'Asia/Hong_Kong' };
    expect(isArmed(hk, at('2025-02-28T16:00:00Z'))).toBe(true); // 1 March 00:00 in Hong Kong
    expect(isArmed(hk, at('2025-03-31T16:00:00Z'))).toBe(false);
  });
  it('is never armed without dates when not permanent', () => {
    expect(isArmed({ ...always, permanent: false }, at('2025-03-01T12:00:00Z'))).toBe(false);
  });
});
