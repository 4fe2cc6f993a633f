import { type CardKey, CardTypes, HomeStripCards, Limits } from '@ptt/contract';
import type { AgentInfo, CardSwitch } from '../../api/types.ts';

export interface StripCard {
  key: CardKey;
  balance: number;
  /** The balance does not cover the renewals due in 30 days (the card runway). */
  short?: boolean;
  /** The balance is under the agent's threshold. */
  low?: boolean;
}

/** Per card type, the runway's marks (agent/runway), by card code. */
export type RunwayMarks = ReadonlyArray<{ cardType: number; short: boolean; low: boolean }>;

/** The balances the strip shows: SPEC §2's card types, in order, as far as the card switch enables them. */
export const stripCards = (info: AgentInfo, switches: CardSwitch, runway: RunwayMarks = []): StripCard[] =>
  HomeStripCards.flatMap((key) => {
    const card = CardTypes.find((type) => type.key === key);
    if (!card || switches[card.field] !== 1) return [];
    const marks = runway.find((row) => row.cardType === card.code);
    return [{ key, balance: info[card.field], short: marks?.short, low: marks?.low }];
  });

/** Swipe pages of three cards (SPEC §9 "card swipe: 3 items at a time"). */
export const swipePages = <T>(items: T[], size: number = Limits.cardSwipePage): T[][] => {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages;
};

/** Below three cards there is nothing to swipe: they are shown as a static row. */
export const isStaticStrip = (count: number): boolean => count < Limits.cardSwipePage;
