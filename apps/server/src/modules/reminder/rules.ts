import { DAY_MS, RenewalLimits } from '@ptt/contract';

/** The steps smallest first: a function is due for the smallest step its days left fit in. */
const steps = [...RenewalLimits.reminderDays].sort((a, b) => a - b);

/** The farthest step (30 days): expiries further ahead are not reminded yet. */
export const farthestStep = steps[steps.length - 1];

/** Whole days from `today` to `expires`, both ISO dates. */
const daysBetween = (today: string, expires: string) =>
  Math.round((Date.parse(`${expires}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/**
 * The reminder step an expiry is due for on `today`: the smallest of 1, 7 and 30 its days left fit in
 * (an expiry today counts as 1), or null when it is past or further than 30 days ahead.
 */
export function expiryStep(today: string, expires: string): number | null {
  const left = daysBetween(today, expires);
  if (left < 0) return null;
  return steps.find((step) => left <= step) ?? null;
}

/** A card balance is low when its type is switched on, a threshold is set (0 is none) and it is under it. */
export const balanceIsLow = (c: { enabled: boolean; threshold: number; balance: number }) =>
  c.enabled && c.threshold > 0 && c.balance < c.threshold;
