import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { type OwnFields, updateOwn } from '../account/accounts.ts';
import { checkCode, targetOf } from '../account/sms.ts';

type ProfileField = Pick<OwnFields, 'area' | 'contact' | 'address' | 'email'>;

/** profile/area, contact, address, email: the signed-in account's own row, agent or company alike. */
export async function updateField(db: Db, caller: Caller, set: ProfileField) {
  await updateOwn(db, caller.role, caller.id, set);
  return null;
}

/**
 * profile/mobile needs a bindPhone code sent to the new number: forgotten-password codes go to this
 * phone, so a stolen session must not be able to point them at the thief's phone.
 */
export async function updateMobile(
  db: Db,
  caller: Caller,
  p: ParsedParamsOf<typeof api.profile.mobile>,
  ip: string,
) {
  const target = await targetOf(db, { purpose: 'bindPhone', phone: p.mobile }, caller, false);
  await checkCode(db, target, p.code, ip, true);
  await updateOwn(db, caller.role, caller.id, { phone: p.mobile });
  return null;
}
