import type { Conn } from '../db/client.ts';
import { sha256 } from '../lib/crypto.ts';
import { findLiveSession } from '../modules/auth/session-repository.ts';
import type { Caller } from './caller.ts';
import { unauthorized } from './errors.ts';
import type { SessionCache } from './session-cache.ts';

/** Resolves access_token (and openid, when sent) to the caller, or answers 40102. */
export async function authenticate(
  db: Conn,
  sessions: SessionCache,
  input: Record<string, unknown>,
): Promise<Caller> {
  const token = input.access_token;
  if (typeof token !== 'string' || token.length < 16 || token.length > 200) throw unauthorized();
  const hash = sha256(token);
  const row = await sessions.find(hash, () => findLiveSession(db, hash));
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
