import { describe, expect, it } from 'vitest';
import { monthNames, periodSplits } from './periods.ts';

describe('the report axis', () => {
  it('always names the newest period, stepping back from it', () => {
    expect(periodSplits(12, 2)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(periodSplits(13, 3)).toEqual([0, 3, 6, 9, 12]);
    expect(periodSplits(1, 2)).toEqual([0]);
    expect(periodSplits(4, 1)).toEqual([0, 1, 2, 3]);
  });

  it('writes the whole year where a month carries one, so it cannot read as a day', () => {
    const names = monthNames(['2026-07', '2026-08', '2027-01'], 'en').map((n) => n.short);
    expect(names).toEqual(['Jul 2026', 'Aug', 'Jan 2027']);
    expect(monthNames(['2026-07'], 'zh-Hant')[0].short).toBe('2026年7月');
  });
});
