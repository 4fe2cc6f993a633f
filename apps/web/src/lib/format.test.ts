import { describe, expect, it } from 'vitest';
import { badgeText, formatCount, initialOf } from './format.ts';

describe('format', () => {
  it('groups thousands in each language, the same way on every call', () => {
    expect(formatCount(9956044, 'en')).toBe('9,956,044');
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1234, 'zh-Hans')).toBe('1,234');
    expect(formatCount(0, 'zh-Hant')).toBe('0');
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
