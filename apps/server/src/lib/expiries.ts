import type { FunctionKey } from '@ptt/contract';
import { and, eq } from 'drizzle-orm';
import { type terminalExpiryDays, type terminalFunctionDays, terminals } from '../db/schema.ts';
import { today } from './zoned-time.ts';

/** Each function's expiry column of a terminal, in the order of the contract's `expiries`. */
export const expiryColumn = {
  voice: 'voiceExpires',
  recording: 'recordingExpires',
  location: 'locationExpires',
  sos: 'sosExpires',
  fence: 'fenceExpires',
  video: 'videoExpires',
  duplex: 'duplexExpires',
} as const satisfies Record<FunctionKey, keyof typeof terminals.$inferSelect>;

type ExpiryColumn = (typeof expiryColumn)[FunctionKey];

/** The terminals' expiry columns, to select. */
export const expiryColumns = Object.fromEntries(
  Object.values(expiryColumn).map((column) => [column, terminals[column]]),
) as { [C in ExpiryColumn]: (typeof terminals)[C] };

/** A terminal's expiry of each function (YYYY-MM-DD, or null where it was never activated). */
export type Expiries = Pick<typeof terminals.$inferSelect, ExpiryColumn>;

/** VIP functions are permanent: any year from 2035 on reads as permanent (SPEC §4). */
export const PERMANENT = '2099-12-31';

/** A function is active on a day when it was activated and expires that day or later. */
export const isActive = (expires: string | null, day = today()) => expires !== null && expires >= day;

/** The functions of a terminal active on a day, by card key. */
export const activeFunctions = (t: Expiries, day = today()) =>
  Object.entries(expiryColumn)
    .filter(([, column]) => isActive(t[column], day))
    .map(([fn]) => fn);

/** A terminal's expiries by function, as the contract writes them. */
export const expiriesOf = (t: Expiries) =>
  Object.fromEntries(Object.entries(expiryColumn).map(([fn, column]) => [fn, t[column]])) as Record<
    FunctionKey,
    string | null
  >;

/**
 * The expiry counter rows of a scope (`terminal_expiry_days`, `terminal_function_days`): an agent path
 * prefix's, or a company's (the scope's own, or the one given, found in the caller's scope beforehand).
 */
export function countedIn(
  t: typeof terminalExpiryDays | typeof terminalFunctionDays,
  scope: { orgId: number } | { path: string },
  orgId?: number,
) {
  const company = (id: number) => and(eq(t.path, ''), eq(t.orgId, id));
  if (orgId !== undefined) return company(orgId);
  return 'orgId' in scope ? company(scope.orgId) : and(eq(t.path, scope.path), eq(t.orgId, 0));
}
