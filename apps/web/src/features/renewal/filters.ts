import { CardTypes, type ExpiryWindow, type FunctionKey, RenewableFunctions } from '@ptt/contract';
import type { CardSwitch } from '../../api/types.ts';

/** The radar's filter as the contract's expiryFilter takes it. */
export interface RadarFilter {
  function: 'all' | FunctionKey;
  within: ExpiryWindow;
  orgId?: number;
}

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
