import { timingSafeEqual } from 'node:crypto';
import { type api, Limits, type ParsedParamsOf, Role } from '@ptt/contract';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, forbidden, invalid, ruleBroken, unauthorized } from '../../http/errors.ts';
import { randomDigits, sha256 } from '../../lib/crypto.ts';
import { giveBack, type Limit, RateLimits, reserve, take } from '../../lib/rate-limit.ts';
import { type Account, byAccount, byId, samePhone } from './accounts.ts';
import { codeText, maskPhone, type SmsProvider } from './sms-provider.ts';
import * as repo from './sms-repository.ts';

/** Who a code is for, as sendSms and verificationCode name it (profile/mobile names a bindPhone target). */
export type CodeFor = Pick<ParsedParamsOf<typeof api.jsp.sendSms>, 'purpose' | 'phone' | 'role' | 'account'>;

/** The phone a code goes to and the account it is good for. */
export interface Target {
  phone: string;
  purpose: string;
  account: Account;
}

const bare = (phone: string) => phone.replace(/^\+/, '');
const codeHash = (t: Target, code: string) => sha256(`${t.purpose}:${bare(t.phone)}:${code}`);

/**
 * Resolves who a code is for. resetPwd answers undefined (never an error) when the account does not exist,
 * has no phone or, when sending, the phone given is not the stored one, so the answer discloses nothing.
 * A code is tied to one account: the same phone on two accounts gets two different codes.
 */
export async function targetOf(
  db: Db,
  p: CodeFor,
  caller: Caller | undefined,
  sending: boolean,
): Promise<Target | undefined> {
  if (p.purpose === 'resetPwd') {
    if (p.role === undefined || p.account === undefined) return undefined;
    const account = await byAccount(db, p.role, p.account);
    if (!account?.phone) return undefined;
    if (sending && (!p.phone || !samePhone(account.phone, p.phone))) return undefined;
    return { phone: account.phone, purpose: `resetPwd:${account.role}:${account.id}`, account };
  }
  if (!caller) throw unauthorized();
  const account = await byId(db, caller.role, caller.id);
  if (!account) throw unauthorized();
  if (p.purpose === 'payPwd') {
    if (caller.role !== Role.agent) throw forbidden();
    if (!account.phone) throw ruleBroken('phoneNotBound');
    return { phone: account.phone, purpose: `payPwd:0:${account.id}`, account };
  }
  if (!p.phone) throw invalid('mobile', { field: 'phone' });
  return { phone: p.phone, purpose: `bindPhone:${caller.role}:${caller.id}`, account };
}

async function takeOrTooFrequent(db: Db, limit: Limit) {
  try {
    await take(db, limit);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, 'smsTooFrequent');
    throw e;
  }
}

/**
 * Sends a new code. The throttles count the phone the caller named, whether or not a code goes out,
 * so a refused resetPwd and a sent one look and count the same.
 */
export async function sendCode(
  db: Db,
  sms: SmsProvider,
  p: ParsedParamsOf<typeof api.jsp.sendSms>,
  caller: Caller | undefined,
  ip: string,
) {
  await takeOrTooFrequent(db, RateLimits.smsIp(ip));
  const target = await targetOf(db, p, caller, true);
  const phone = target?.phone ?? p.phone ?? '';
  await takeOrTooFrequent(db, RateLimits.smsPhoneMinute(phone));
  await takeOrTooFrequent(db, RateLimits.smsPhoneDay(phone));
  if (target) {
    const code = randomDigits(Limits.smsCodeLength);
    await db.transaction(async (tx) => {
      await repo.deleteStaleCodes(tx, bare(target.phone));
      await repo.replaceCode(tx, {
        phone: bare(target.phone),
        purpose: target.purpose,
        codeHash: codeHash(target, code),
        expiresAt: new Date(Date.now() + Limits.smsCodeTtlSeconds * 1000),
      });
    });
    await sms.send(target.phone, codeText(p.lang, code));
  }
  return {
    phone: maskPhone(phone),
    expires_in: Limits.smsCodeTtlSeconds,
    resend_in: Limits.smsResendSeconds,
  };
}

const equalHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks a code: no code at all is 'Verification code error!', a used, replaced, expired or exhausted one
 * 'The verification code has expired…', a wrong one spends one of its five tries. `spend` marks a right code
 * used, atomically, so two requests cannot both act on it.
 */
export async function checkCode(
  db: Db,
  target: Target | undefined,
  code: string,
  ip: string,
  spend: boolean,
): Promise<Target> {
  // Both the address's count and the code's tries are taken before the code is compared.
  const ipLimit = RateLimits.codeIp(ip);
  await reserve(db, ipLimit);
  const row = target && (await repo.latestCode(db, bare(target.phone), target.purpose));
  if (!target || !row) throw invalid('codeError', { field: 'code' });
  const max = Limits.smsCodeMaxTries;
  if (!(await repo.takeTry(db, row.id, max))) {
    await giveBack(db, ipLimit);
    throw invalid('codeExpired', { field: 'code' });
  }
  if (!equalHash(row.codeHash, codeHash(target, code))) throw invalid('codeError', { field: 'code' });
  await repo.giveTryBack(db, row.id);
  await giveBack(db, ipLimit);
  if (spend && !(await repo.spendCode(db, row.id, max))) throw invalid('codeExpired', { field: 'code' });
  return target;
}

/** verificationCode: a check that leaves a right code usable by the call that acts on it. */
export async function verifyOnly(
  db: Db,
  p: ParsedParamsOf<typeof api.jsp.verificationCode>,
  caller: Caller | undefined,
  ip: string,
) {
  await checkCode(db, await targetOf(db, p, caller, false), p.code, ip, false);
  return null;
}
