import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import type { Change } from '../../http/route.ts';
import { changeOwn, type OwnFields } from '../account/accounts.ts';
import { checkCode, targetOf } from '../account/sms.ts';

type ProfileField = Pick<OwnFields, 'area' | 'contact' | 'address' | 'email'>;

/** profile/area, contact, address, email: the signed-in account's own row, agent or company alike. */
export const updateField = (change: Change, caller: Caller, set: ProfileField) =>
  changeOwn(change, caller, set);

/**
 * profile/mobile needs a bindPhone code sent to the new number: forgotten-password codes go to this
 * phone, so a stolen session must not be able to point them at the thief's phone.
 */
export async function updateMobile(
  db: Db,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.profile.mobile>,
  ip: string,
) {
  const target = await targetOf(db, { purpose: 'bindPhone', phone: p.mobile }, caller, false);
  await checkCode(db, target, p.code, ip, true);
  return changeOwn(change, caller, { phone: p.mobile });
}
