import { Role } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { unauthorized } from '../../http/errors.ts';
import type { Change } from '../../http/route.ts';
import * as agents from '../agent/service.ts';
import { edited } from '../audit/service.ts';
import * as orgs from '../org/service.ts';

/** The part of an agent or a company that the account flows (passwords, codes, profile) work on. */
export interface Account {
  role: 0 | 1;
  id: number;
  account: string;
  phone: string;
  passwordHash: string;
}

export type OwnFields = agents.OwnFields & orgs.OwnFields;

const view = (role: 0 | 1, row: Omit<Account, 'role'> | undefined): Account | undefined =>
  row && { role, id: row.id, account: row.account, phone: row.phone, passwordHash: row.passwordHash };

export const byId = async (db: Conn, role: 0 | 1, id: number) =>
  view(role, role === Role.agent ? await agents.findById(db, id) : await orgs.findById(db, id));

export const byAccount = async (db: Conn, role: 0 | 1, account: string) =>
  view(
    role,
    role === Role.agent ? await agents.findByAccount(db, account) : await orgs.findByAccount(db, account),
  );

/** A company has no service card password: that field only reaches agents. */
export async function updateOwn(db: Conn, role: 0 | 1, id: number, set: OwnFields) {
  if (role === Role.agent) await agents.updateOwn(db, id, set);
  else {
    const { payPwdHash: _, ...orgSet } = set;
    await orgs.updateOwn(db, id, orgSet);
  }
}

/**
 * Writes fields of the signed-in account's own row in `change`, then `also` (what a new password
 * ends), the row locked from the read to the write; the audit names the account and keeps the fields
 * that changed, never a secret.
 */
export const changeOwn = (
  change: Change,
  caller: Caller,
  set: OwnFields,
  also?: (tx: Conn) => Promise<unknown>,
) =>
  change(async (tx, note) => {
    const was =
      caller.role === Role.agent ? await agents.lockOwn(tx, caller.id) : await orgs.lockOwn(tx, caller.id);
    if (!was) throw unauthorized();
    await updateOwn(tx, caller.role, caller.id, set);
    await also?.(tx);
    note({ targetIds: [caller.id], ...edited(caller.id, was, set) });
    return null;
  });

/** Phones compare without the leading '+' (both forms pass the mobile rule). */
export const samePhone = (a: string, b: string) => a.replace(/^\+/, '') === b.replace(/^\+/, '');
