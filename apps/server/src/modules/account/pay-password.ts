import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, notFound, ruleBroken } from '../../http/errors.ts';
import type { Change } from '../../http/route.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { clear, giveBack, RateLimits, reserve } from '../../lib/rate-limit.ts';
import * as agents from '../agent/service.ts';
import { changeOwn } from './accounts.ts';
import { checkCode, targetOf } from './sms.ts';

/** checkPwd's check: whether the agent has a pay password, once the one given is verified. */
export async function verifyPayPwd(db: Db, agentId: number, payPwd: string | undefined) {
  const agent = await agents.findById(db, agentId);
  if (!agent) throw notFound();
  await ensurePayPwd(db, agent, payPwd);
  return agent.payPwdHash !== null;
}

/**
 * Verifies the pay password of an agent already read, when it has one (checkPwd, sales, recycling).
 * The try is counted before the password is verified, so a burst is verified at most the limit's
 * number of times; a right one lifts the lock. The count is its own write: call this before the
 * operation writes anything, so a refused operation cannot take the count of a wrong try back with it.
 */
export async function ensurePayPwd(
  db: Db,
  agent: { id: number; payPwdHash: string | null },
  payPwd: string | undefined,
) {
  if (agent.payPwdHash === null) return;
  const limit = RateLimits.payPwd(agent.id);
  await reserve(db, limit);
  try {
    await agents.checkPayPwd(agent, payPwd);
  } catch (e) {
    // Only a wrong password is a guess; a missing one never reached the check.
    if (!(e instanceof AppError && e.key === 'payPwdError')) await giveBack(db, limit);
    throw e;
  }
  await clear(db, limit);
}

/** checkPwd: with no password set there is nothing to check; the page offers to set one. */
export async function checkPwd(db: Db, caller: Caller, payPwd: string) {
  if (!(await verifyPayPwd(db, caller.id, payPwd))) throw ruleBroken('payPwdNotSet');
  return null;
}

/**
 * updateCardPwd: setting or changing needs a payPwd code sent to the agent's phone, not the old
 * password, so a forgotten pay password is replaced the same way. A new password clears the lock.
 */
export async function setPayPwd(
  db: Db,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.jsp.updateCardPwd>,
  ip: string,
) {
  const target = await targetOf(db, { purpose: 'payPwd' }, caller, false);
  await checkCode(db, target, p.code, ip, true);
  const payPwdHash = await hashPassword(p.cardPwd);
  return changeOwn(change, caller, { payPwdHash }, (tx) => clear(tx, RateLimits.payPwd(caller.id)));
}
