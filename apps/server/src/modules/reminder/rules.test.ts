import { describe, expect, it } from 'vitest';
import { balanceIsLow, expiryStep } from './rules.ts';

describe('the reminder rule', () => {
  it('gives an expiry the smallest step its days left fit in', () => {
    const today = '2026-12-02';
    const cases: [string, number | null][] = [
      ['2026-12-01', null],
      ['2026-12-02', 1],
      ['2026-12-03', 1],
      ['2026-12-04', 7],
      ['2026-12-09', 7],
      ['2026-12-10', 30],
      ['2027-01-01', 30],
      ['2027-01-02', null],
    ];
    for (const [expires, step] of cases)
      expect([expires, expiryStep(today, expires)]).toEqual([expires, step]);
  });

  it('counts days across a month and a year end', () => {
    expect(expiryStep('2026-02-27', '2026-03-01')).toBe(7);
    expect(expiryStep('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('finds a balance low only when switched on, with a threshold, and under it', () => {
    expect(balanceIsLow({ enabled: true, threshold: 10, balance: 9 })).toBe(true);
    expect(balanceIsLow({ enabled: true, threshold: 10, balance: 10 })).toBe(false);
    expect(balanceIsLow({ enabled: false, threshold: 10, balance: 0 })).toBe(false);
    expect(balanceIsLow({ enabled: true, threshold: 0, balance: 0 })).toBe(false);
  });
});
