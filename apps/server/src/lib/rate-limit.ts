import { Limits, RenewalLimits } from '@ptt/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Conn } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { type AppError, tooMany } from '../http/errors.ts';

/** A fixed-window counter in rate_limits, shared by every server instance. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

const bare = (phone: string) => phone.replace(/^\+/, '');

/** The limits on guessing a secret and on the calls that cost something; one table for all of them. */
export const RateLimits = {
  loginAccount: (role: number, account: string): Limit => ({
    key: `login:${role}:${account.toLowerCase()}`,
    max: 5,
    windowSeconds: 15 * 60,
  }),
  loginIp: (ip: string): Limit => ({ key: `login-ip:${ip}`, max: 30, windowSeconds: 15 * 60 }),
  puzzleIp: (ip: string): Limit => ({ key: `puzzle-ip:${ip}`, max: 120, windowSeconds: 60 }),
  /** Intercom passwords are six digits: guesses are limited per SSID and per address. */
  deviceSsid: (ssid: string): Limit => ({ key: `device-login:${ssid}`, max: 5, windowSeconds: 15 * 60 }),
  deviceIp: (ip: string): Limit => ({ key: `device-login-ip:${ip}`, max: 60, windowSeconds: 15 * 60 }),
  smsPhoneMinute: (phone: string): Limit => ({
    key: `sms-phone:${bare(phone)}`,
    max: 1,
    windowSeconds: Limits.smsResendSeconds,
  }),
  smsPhoneDay: (phone: string): Limit => ({
    key: `sms-day:${bare(phone)}`,
    max: Limits.smsDailyMax,
    windowSeconds: 24 * 3600,
  }),
  /** One address asking codes for many phones. */
  smsIp: (ip: string): Limit => ({ key: `sms-ip:${ip}`, max: 30, windowSeconds: 3600 }),
  /** Wrong codes from one address, across phones and codes. */
  codeIp: (ip: string): Limit => ({ key: `code-ip:${ip}`, max: 30, windowSeconds: 15 * 60 }),
  /** 6 digits are a million tries: five wrong ones lock the pay password for 15 minutes. */
  payPwd: (agentId: number): Limit => ({ key: `pay-pwd:${agentId}`, max: 5, windowSeconds: 15 * 60 }),
  /**
   * A file read and checked costs the whole server's time: one intake (preview or import) at a time per
   * account, the window only a lease that lapses if an instance dies holding it.
   */
  intakeAlone: (role: number, id: number): Limit => ({
    key: `intake:${role}:${id}`,
    max: 1,
    windowSeconds: 120,
  }),
  intakeHour: (role: number, id: number): Limit => ({
    key: `intake-hour:${role}:${id}`,
    max: 120,
    windowSeconds: 3600,
  }),
  /** A company's requests to its agent to renew users: a loop filling the agent's notices stops soon. */
  renewalAsks: (orgId: number): Limit => ({
    key: `renewal-ask:${orgId}`,
    max: RenewalLimits.asksPerDay,
    windowSeconds: 24 * 3600,
  }),
  /**
   * An export reads its whole list: two at a time per account on all instances. The window is a lease
   * longer than an export of the row cap takes, lapsing if an instance dies while streaming one.
   */
  exportsRunning: (role: number, id: number): Limit => ({
    key: `export:${role}:${id}`,
    max: 2,
    windowSeconds: 15 * 60,
  }),
};

/** Counts one event in the limit's window, in one statement, and returns the count it reached. */
async function hit(db: Conn, l: Limit): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key: l.key, count: 1, resetAt: sql`now() + make_interval(secs => ${l.windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} < now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} < now() then now() + make_interval(secs => ${l.windowSeconds}) else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row.count;
}

/**
 * Counts the event and refuses once it goes past the limit (requests, sends: refused ones count too),
 * with the limit's own message when it has one.
 */
export async function take(db: Conn, limit: Limit, refusal: () => AppError = tooMany) {
  if ((await hit(db, limit)) > limit.max) throw refusal();
}

/**
 * Reserves one attempt at a secret under every limit before the secret is verified, so that a burst
 * of parallel guesses cannot all read a count below the limit: the counter is raised and read in the
 * same statement. A refused attempt takes its reservations back, so refusals do not extend a lock.
 * The attempt stays counted unless the caller gives it back (`giveBack`, `clear`) after a success.
 */
export async function reserve(db: Conn, ...limits: Limit[]) {
  const taken: Limit[] = [];
  for (const l of limits) {
    const n = await hit(db, l);
    taken.push(l);
    if (n > l.max) {
      await giveBack(db, ...taken);
      throw tooMany();
    }
  }
}

/** Returns one reserved attempt to each limit (the attempt succeeded, or never reached the secret). */
export async function giveBack(db: Conn, ...limits: Limit[]) {
  for (const l of limits)
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, l.key), gt(rateLimits.resetAt, sql`now()`)));
}

/** Lifts a limit altogether (the right password, or a new one). */
export const clear = (db: Conn, limit: Limit) => db.delete(rateLimits).where(eq(rateLimits.key, limit.key));

/**
 * Runs `work` holding the limit's places (one, for "one at a time"), across instances: a call while all
 * are held is refused with `busy()`, and the place is given back when the work ends, however it ends.
 */
export async function holding<T>(db: Conn, limit: Limit, busy: () => AppError, work: () => Promise<T>) {
  await takePlace(db, limit, busy);
  try {
    return await work();
  } finally {
    await giveBack(db, limit);
  }
}

/**
 * Takes one of the limit's places for work whose end is not a promise (a file streamed to the client):
 * refused with `busy()` while all are held; the caller gives it back (`giveBack`) when the work ends.
 */
export async function takePlace(db: Conn, limit: Limit, busy: () => AppError) {
  if ((await hit(db, limit)) > limit.max) {
    await giveBack(db, limit);
    throw busy();
  }
}
