import type { Conn } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { unauthorized } from '../../http/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import * as live from '../live/service.ts';
import * as repo from './repository.ts';

/**
 * Sessions of the web's accounts (token hashes). This module imports only the live events (to end
 * a session's open streams): signing in (auth) starts them, and whatever sets an account's password
 * ends them.
 */

/**
 * Resolves access_token (and openid, when sent) to the caller, or answers 40102. Every request reads
 * its session from the database (one indexed read), so a logout or password change on any instance
 * holds on the very next request everywhere.
 */
export async function authenticate(db: Conn, input: Record<string, unknown>): Promise<Caller> {
  const token = input.access_token;
  if (typeof token !== 'string' || token.length < 16 || token.length > 200) throw unauthorized();
  const hash = sha256(token);
  const row = await repo.findLiveSession(db, hash);
  if (!row) throw unauthorized();
  if (typeof input.openid === 'string' && input.openid !== '' && input.openid !== row.openid)
    throw unauthorized();
  return {
    role: row.role === 1 ? 1 : 0,
    id: row.subjectId,
    openid: row.openid,
    path: row.scopePath,
    sessionId: row.id,
  };
}

/** Starts a session (a successful login). */
export const start = (db: Conn, s: repo.NewSession) => repo.insertSession(db, s);

/** Ends the caller's own session (logout); its open event streams end on commit. */
export const end = async (db: Conn, caller: Caller) => {
  await repo.revokeSession(db, caller.sessionId);
  await live.sessionsEnded(db, caller.role, caller.id);
};

/** Ends every session of an account (its password was set by someone else, or it is deleted). */
export const endSessions = async (db: Conn, role: number, subjectId: number) => {
  await repo.revokeAllSessions(db, role, subjectId);
  await live.sessionsEnded(db, role, subjectId);
};

/** Sessions of an account whose scope moved (a company changing agent) keep working under the new path. */
export const moveScope = (db: Conn, role: number, subjectId: number, path: string) =>
  repo.setScopePath(db, role, subjectId, path);

/** Ends every session of an account but the caller's own (the caller changed its password). */
export const endOtherSessions = async (db: Conn, caller: Caller) => {
  await repo.revokeOtherSessions(db, caller.role, caller.id, caller.sessionId);
  await live.sessionsEnded(db, caller.role, caller.id);
};
