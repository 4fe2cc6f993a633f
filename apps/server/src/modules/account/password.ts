import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { invalid, unauthorized } from '../../http/errors.ts';
import type { Change } from '../../http/route.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { clear, giveBack, RateLimits, reserve } from '../../lib/rate-limit.ts';
import { removeAccount, removeOtherSessions } from '../push/service.ts';
import { endOtherSessions, endSessions } from '../session/service.ts';
import { byId, changeOwn, updateOwn } from './accounts.ts';
import { checkCode, targetOf } from './sms.ts';

/**
 * profile/password. Wrong old passwords count against the account's login limit: a stolen session must
 * not become a way around the login throttle. The caller's session stays; every other one ends.
 */
export async function changePassword(
  db: Db,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.profile.password>,
) {
  const account = await byId(db, caller.role, caller.id);
  if (!account) throw unauthorized();
  const limit = RateLimits.loginAccount(caller.role, account.account);
  await reserve(db, limit);
  if (!(await verifyPassword(account.passwordHash, p.oldPassword)))
    throw invalid('oldPasswordError', { field: 'oldPassword' });
  await giveBack(db, limit);
  const passwordHash = await hashPassword(p.newPassword);
  return changeOwn(change, caller, { passwordHash }, async (tx) => {
    await endOtherSessions(tx, caller);
    await removeOtherSessions(tx, caller);
  });
}

/**
 * setPhoneAndPwd: a forgotten password replaced with a resetPwd code. Whoever knew the old password is
 * signed out everywhere, and the login lock an attacker may have caused is lifted for the owner.
 */
export async function resetForgotten(db: Db, p: ParsedParamsOf<typeof api.jsp.setPhoneAndPwd>, ip: string) {
  const target = await targetOf(
    db,
    { purpose: 'resetPwd', role: p.role, account: p.account },
    undefined,
    false,
  );
  const { account } = await checkCode(db, target, p.code, ip, true);
  const passwordHash = await hashPassword(p.newPassword);
  await db.transaction(async (tx) => {
    await updateOwn(tx, account.role, account.id, { passwordHash });
    await endSessions(tx, account.role, account.id);
    await removeAccount(tx, account.role, account.id);
  });
  await clear(db, RateLimits.loginAccount(account.role, account.account));
  return null;
}
