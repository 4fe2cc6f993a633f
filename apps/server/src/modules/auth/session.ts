import type { Conn } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { unauthorized } from '../../http/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import { findLiveSession } from './session-repository.ts';

/**
 * Resolves access_token (and openid, when sent) to the caller, or answers 40102. Every request reads
 * its session from the database (one indexed read), so a logout or password change on any instance
 * holds on the very next request everywhere.
 */
export async function authenticate(db: Conn, input: Record<string, unknown>): Promise<Caller> {
  const token = input.access_token;
  if (typeof token !== 'string' || token.length < 16 || token.length > 200) throw unauthorized();
  const hash = sha256(token);
  const row = await findLiveSession(db, hash);
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
