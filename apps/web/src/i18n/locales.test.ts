import { Messages } from '@ptt/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { zhHans } from './zh-hans.ts';
import { zhHant } from './zh-hant.ts';

type Tree = { [key: string]: string | Tree };

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );

const locales = { en, 'zh-Hant': zhHant, 'zh-Hans': zhHans } as Record<string, Tree>;

describe('locales', () => {
  const reference = leaves(locales.en)
    .map(([key]) => key)
    .sort();

  it.each(Object.keys(locales))('%s has exactly the keys of English, none empty', (lang) => {
    const entries = leaves(locales[lang]);
    expect(entries.map(([key]) => key).sort()).toEqual(reference);
    for (const [key, value] of entries) expect(value.trim(), key).not.toBe('');
  });

  it.each(Object.keys(locales))('%s names the refund movement with one word on every screen', (lang) => {
    const texts = new Map(leaves(locales[lang]));
    const names = [
      'sales.kind.return',
      'statement.kind.return',
      'statement.total.refunded',
      'notice.kind.t6',
    ].map((key) => texts.get(key));
    expect(new Set(names).size, names.join(' / ')).toBe(1);
    // And the word is not the one the return of cards to a lower agent uses.
    expect(texts.get('statement.kind.restoreOut')).not.toContain(names[0]);
  });

  it('carries every contract message under msg, in the matching language', () => {
    for (const key of Object.keys(Messages) as (keyof typeof Messages)[]) {
      expect(en.msg[key]).toBe(Messages[key].en);
      expect(zhHans.msg[key]).toBe(Messages[key].cn);
      expect(zhHant.msg[key]).toBe(Messages[key].cn2);
    }
  });

  it('translates the interface rather than copying English', () => {
    const same = leaves(locales['zh-Hant']).filter(
      ([key, value]) => !key.startsWith('msg.') && value === leaves(locales.en).find(([k]) => k === key)?.[1],
    );
    // Only texts that are the same in every language may match: the card type codes SOS and VIP, the
    // SSID(IMEI) label, and templates made of placeholders alone.
    expect(same.map(([key]) => key).sort()).toEqual(
      ['card.sos', 'card.vip', 'notice.type.t3', 'sales.counterpart', 'sos.ssid'].sort(),
    );
  });
});
