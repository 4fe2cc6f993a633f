import { isPermanent } from '@ptt/contract';

export type ExpiryKind = 'none' | 'permanent' | 'active' | 'expired';

/** How a function's expiry reads: never activated, permanent (year ≥ 2035), running or past. */
export const expiryKind = (date: string | null | undefined, today = new Date()): ExpiryKind => {
  if (!date) return 'none';
  if (isPermanent(date)) return 'permanent';
  return date.slice(0, 10) < today.toISOString().slice(0, 10) ? 'expired' : 'active';
};

/** The functions a terminal shows, in the order of the card types (SPEC §3). */
export const functionKeys = ['voice', 'recording', 'location', 'sos', 'fence', 'video', 'duplex'] as const;
