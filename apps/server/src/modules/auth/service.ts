import { type api, Code, Limits, type ParsedParamsOf, Role } from '@ptt/contract';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { clear, giveBack, RateLimits, reserve, take } from '../../lib/rate-limit.ts';
import * as agents from '../agent/service.ts';
import * as orgs from '../org/service.ts';
import * as push from '../push/service.ts';
import * as sessions from '../session/service.ts';
import { generatePuzzle } from './puzzle-image.ts';
import * as repo from './repository.ts';

const { tolerance, ttlSeconds } = Limits.puzzle;

export async function newPuzzle(db: Db, ip: string) {
  await take(db, RateLimits.puzzleIp(ip));
  await repo.deleteExpiredPuzzles(db);
  const p = generatePuzzle();
  const token = newToken();
  await repo.insertPuzzle(db, {
    tokenHash: sha256(token),
    x: p.x,
    y: p.y,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return { y: p.y, token, bigImg: p.bigImg, SmallImg: p.smallImg };
}

/** A slide within a few pixels of the hole verifies the puzzle; a wrong slide spends it. */
export async function verifyPuzzle(db: Db, token: string, x: number) {
  const hash = sha256(token);
  const puzzle = await repo.findFreshPuzzle(db, hash);
  if (!puzzle) throw invalid('puzzleError');
  if (Math.abs(puzzle.x - x) > tolerance) {
    await repo.deletePuzzle(db, hash);
    throw invalid('puzzleError');
  }
  if (!(await repo.markPuzzleVerified(db, hash))) throw invalid('puzzleError');
  return null;
}

export async function login(
  db: Db,
  input: ParsedParamsOf<typeof api.auth.accessToken>,
  ip: string,
  ttlHours: number,
) {
  const accountLimit = RateLimits.loginAccount(input.user_type, input.username);
  const ipLimit = RateLimits.loginIp(ip);
  const puzzle = await repo.takeVerifiedPuzzle(db, sha256(input.token));
  if (!puzzle || Math.abs(puzzle.x - input.x) > tolerance) throw invalid('puzzleRequired');
  // Counted before the password is verified: a burst cannot all pass a count read before any of it.
  await reserve(db, accountLimit, ipLimit);

  const account =
    input.user_type === Role.agent
      ? await agents.findByAccount(db, input.username)
      : await orgs.findByAccount(db, input.username);
  if (!account) throw new AppError(Code.loginFailed, 'accountNotExist');
  if (!(await verifyPassword(account.passwordHash, input.password)))
    throw new AppError(Code.loginFailed, 'passwordError');
  await clear(db, accountLimit);
  await giveBack(db, ipLimit);

  const token = newToken();
  const expiresIn = Math.round(ttlHours * 3600);
  await sessions.start(db, {
    tokenHash: sha256(token),
    role: input.user_type,
    subjectId: account.id,
    openid: account.openid,
    scopePath: 'path' in account ? account.path : account.agentPath,
    expiresAt: new Date(Date.now() + expiresIn * 1000),
  });
  return { access_token: token, openid: account.openid, role: input.user_type, expires_in: expiresIn };
}

/** Ends the session and the account's alarm subscriptions, so the phone left signed out gets no alarms. */
export async function logout(db: Db, caller: Caller) {
  await db.transaction(async (tx) => {
    await sessions.end(tx, caller);
    await push.removeAccount(tx, caller.role, caller.id);
  });
  return null;
}
