import type { Conn } from '../../db/client.ts';
import { tooMany } from '../../http/errors.ts';
import * as repo from './repository.ts';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Limits kept in the database so that every server instance counts the same attempts. */
export const Throttle = {
  loginAccount: (role: number, account: string): Limit => ({
    key: `login:${role}:${account.toLowerCase()}`,
    max: 5,
    windowSeconds: 15 * 60,
  }),
  loginIp: (ip: string): Limit => ({ key: `login-ip:${ip}`, max: 30, windowSeconds: 15 * 60 }),
  puzzleIp: (ip: string): Limit => ({ key: `puzzle-ip:${ip}`, max: 120, windowSeconds: 60 }),
};

/** Refuses when the limit is already reached (checked before the attempt does any work). */
export async function ensureAllowed(db: Conn, ...limits: Limit[]) {
  for (const l of limits) if ((await repo.rateLimitCount(db, l.key)) >= l.max) throw tooMany();
}

export async function count(db: Conn, ...limits: Limit[]) {
  for (const l of limits) await repo.hitRateLimit(db, l.key, l.windowSeconds);
}

/** Counts the event and refuses once it goes past the limit. */
export async function take(db: Conn, limit: Limit) {
  if ((await repo.hitRateLimit(db, limit.key, limit.windowSeconds)) > limit.max) throw tooMany();
}

export const reset = (db: Conn, limit: Limit) => repo.clearRateLimit(db, limit.key);
