import { describe, expect, it } from 'vitest';
import { badgeText, formatCount, initialOf } from './format.ts';

describe('format', () => {
  it('groups thousands by three with a comma, as all three languages write them', () => {
    for (const lang of ['en', 'zh-Hans', 'zh-Hant']) {
      for (const n of [0, 7, 999, 1000, 1234, 99999, 9956044, 1234567890]) {
        expect(formatCount(n), `${n}`).toBe(new Intl.NumberFormat(lang).format(n));
      }
    }
    expect(formatCount(9956044)).toBe('9,956,044');
  });

  it('collapses badges above 99 and takes whole first characters', () => {
    expect([badgeText(99), badgeText(100)]).toEqual(['99', '99+']);
    expect([initialOf(' bob'), initialOf('𠮷野'), initialOf(''), initialOf(null)]).toEqual([
      'B',
      '𠮷',
      '?',
      '?',
    ]);
  });
});
