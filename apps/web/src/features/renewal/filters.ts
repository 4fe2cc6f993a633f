import {
  CardTypes,
  type ExpiryWindow,
  ExpiryWindows,
  type FunctionKey,
  RenewableFunctions,
} from '@ptt/contract';
import type { CardSwitch } from '../../api/types.ts';

/** The radar's filter as the contract's expiryFilter takes it. */
export interface RadarFilter {
  function: 'all' | FunctionKey;
  within: ExpiryWindow;
  orgId?: number;
  /** Only the radios a reminder notice named. */
  notice?: number;
}

/** The filter an address asks for (a reminder opens the radar on its radios); the defaults else. */
export const filterOfSearch = (search: URLSearchParams): RadarFilter => {
  const within = ExpiryWindows.find((w) => w === search.get('within')) ?? '30';
  const fn = RenewableFunctions.find((f) => f === search.get('function')) ?? 'all';
  const notice = Number(search.get('notice'));
  return { function: fn, within, ...(notice > 0 ? { notice } : {}) };
};

/** The radar's orders by expiry: soonest first (the default), or latest first. */
export const RadarOrders = ['asc', 'desc'] as const;
export type RadarOrder = (typeof RadarOrders)[number];

/** The text key of each window's tab. */
export const windowKey = { '7': 'w7', '30': 'w30', '90': 'w90', expired: 'expired' } as const;

/** The functions the caller's card types allow (every one for a company, or while the switch loads). */
export const allowedFunctions = (switches: CardSwitch | undefined): FunctionKey[] =>
  RenewableFunctions.filter((fn) => {
    const card = CardTypes.find((c) => c.key === fn);
    return !switches || !card || switches[card.field] === 1;
  });
