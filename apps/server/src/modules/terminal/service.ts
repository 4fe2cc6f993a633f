import { NoticeType, UserType } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { type Change, plainChange } from '../../http/route.ts';
import { hashDeviceSecret, randomDigits } from '../../lib/crypto.ts';
import { PERMANENT } from '../../lib/expiries.ts';
import { suffixedNames } from '../../lib/names.ts';
import { unlessTaken } from '../../lib/unique.ts';
import { addYear, today } from '../../lib/zoned-time.ts';
import * as cards from '../card/service.ts';
import * as groups from '../group/service.ts';
import * as notices from '../notice/service.ts';
import * as lists from './list-repository.ts';
import * as repo from './repository.ts';

/** Who creates terminals, where, of which user type. */
interface Creation {
  agent: { id: number; name: string };
  org: { id: number; agentPath: string; name: string };
  userType: number;
  /** Who creates them, for the ledger (null: the platform operator's tools). */
  by: cards.Operator;
  /** The request's change (audited, idempotent); the operator's tools open a plain transaction. */
  change?: Change;
}

export interface CreateTerminalsInput extends Creation {
  prefix: string;
  ssids: string[];
}

/**
 * Creates terminals and consumes one card each (voice for single-function users, VIP for VIP
 * users), with the ledger rows and the 'create user' notice, all in one transaction: all or none.
 * Returns each terminal with its initial intercom password, shown once.
 */
export function createTerminals(db: Db, input: CreateTerminalsInput) {
  const taken = async () =>
    conflict('doNotAddRepeatedly', { ssids: await repo.existingSsids(db, input.ssids) });
  return addTerminals(db, {
    ...input,
    count: input.ssids.length,
    rows: async (tx) => {
      const inUse = await repo.existingSsids(tx, input.ssids);
      if (inUse.length > 0) throw conflict('doNotAddRepeatedly', { ssids: inUse });
      return input.ssids.map((ssid) => ({ ssid }));
    },
    // A racing batch that stored one of these SSIDs first is named like the check above names it.
    taken,
  });
}

/** A terminal to create: its SSID, and its name, ICCID and group when the caller has them. */
export interface NewTerminalRow {
  ssid: string;
  name?: string;
  iccid?: string;
  /** A group of the company, which the terminal joins and talks in by default. */
  groupId?: number;
}

export interface AddTerminalsInput extends Creation {
  /** Names the rows without a name: the prefix numbered on from the company's highest. */
  prefix?: string;
  /** How many rows `rows` gives: their intercom passwords are hashed before the transaction. */
  count: number;
  /**
   * The rows, read first in the transaction: the caller checks them there (SSIDs in use, groups) and
   * throws its refusal, which writes nothing.
   */
  rows: (tx: Conn) => Promise<NewTerminalRow[]>;
  /** The refusal when a racing call stored one of the SSIDs between the check and the insert. */
  taken: () => Promise<Error>;
}

/**
 * The one way terminals are created (a batch, an intake, the seed): one card each of the user type,
 * one ledger row, the terminals with their groups, and one 'create user' notice, in one transaction.
 */
export function addTerminals(db: Db, input: AddTerminalsInput) {
  return unlessTaken(() => insertTerminals(db, input), input.taken);
}

async function insertTerminals(db: Db, input: AddTerminalsInput) {
  // Hashed before the transaction, so its locks on the agent's balance are held for the writes alone.
  const passwords = Array.from({ length: input.count }, () => randomDigits(6));
  const hashes = await Promise.all(passwords.map(hashDeviceSecret));
  return (input.change ?? plainChange(db))(async (tx, note) => {
    const wanted = await input.rows(tx);
    if (wanted.length !== input.count) throw invalid('invalidParams');
    const isVip = input.userType === UserType.vip;
    const card = cards.cardOfUserType(input.userType);
    const { moved: spent, ledgerId } = await cards.consume(
      tx,
      input.agent.id,
      card,
      wanted.length,
      input.by,
      {
        orgId: input.org.id,
      },
    );
    const unnamed = wanted.filter((r) => !r.name).length;
    if (unnamed > 0 && !input.prefix) throw invalid('prefixRequired');
    const numbered =
      unnamed > 0 && input.prefix
        ? suffixedNames(input.prefix, await repo.namesLike(tx, input.org.id, input.prefix), unnamed)
        : [];
    const year = addYear(today());
    const rows = await repo.insertTerminals(
      tx,
      wanted.map((row, i) => ({
        ssid: row.ssid,
        name: row.name || (numbered.shift() as string),
        iccid: row.iccid || null,
        defaultGroupId: row.groupId ?? null,
        orgId: input.org.id,
        agentPath: input.org.agentPath,
        userType: input.userType,
        cardAgentId: input.agent.id,
        intercomPwdHash: hashes[i],
        voiceExpires: year,
        warrantyExpires: year,
        ...(isVip
          ? {
              recordingExpires: PERMANENT,
              locationExpires: PERMANENT,
              sosExpires: PERMANENT,
              fenceExpires: PERMANENT,
            }
          : {}),
      })),
    );
    await cards.charged(tx, ledgerId, rows);
    await groups.join(
      tx,
      rows.flatMap((r, i) => {
        const groupId = wanted[i].groupId;
        return groupId === undefined ? [] : [{ groupId, terminalId: r.id }];
      }),
    );
    await notices.record(tx, {
      agentId: input.agent.id,
      type: NoticeType.createUser,
      cardType: card,
      quantity: rows.length,
      orgName: input.org.name,
      users: rows.map((r) => ({ name: r.name, account: r.ssid })),
    });
    note({
      targetIds: rows.map((r) => r.id),
      orgIds: [input.org.id],
      after: Object.fromEntries(
        rows.map((r) => [r.id, { ssid: r.ssid, name: r.name, userType: input.userType, voiceExpires: year }]),
      ),
      cards: [spent],
    });
    // The endpoint's answer, from inside the change: a repeated Idempotency-Key answers the same.
    return {
      created: rows.map((r, i) => ({ id: r.id, ssid: r.ssid, name: r.name, intercomPassword: passwords[i] })),
    };
  });
}

export const countOfOrg = (db: Conn, orgId: number) => lists.countTerminalsOfOrg(db, orgId);

export const findBySsid = (db: Conn, ssid: string) => repo.findBySsid(db, ssid);
/** A company's terminals by id, the first `limit` (operator CLI, simulator credentials). */
export const firstOfOrg = (db: Conn, orgId: number, limit: number) => repo.firstOfOrg(db, orgId, limit);
export const setIntercomPassword = async (db: Conn, id: number, plain: string) =>
  repo.updateTerminal(db, id, { intercomPwdHash: await hashDeviceSecret(plain) });
export const search = (db: Conn, caller: Caller, keyword: string, limit: number) =>
  lists.searchTerminals(db, scopeOf(caller), keyword, limit);

/** Of the SSIDs, those in use. */
export const existingSsids = (db: Conn, ssids: string[]) => repo.existingSsids(db, ssids);

/** The terminals of the ids, every one in the caller's scope, locked in id order until the change ends. */
export async function lockAllInScope(tx: Conn, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await repo.lockTerminalsIn(tx, scopeOf(caller), unique);
  if (found.length !== unique.length) throw notFound();
  return found;
}

/** The terminals of the ids in the caller's scope, as they are. */
export const findInScope = (db: Conn, caller: Caller, ids: number[]) =>
  repo.findTerminalsIn(db, scopeOf(caller), ids);

export { headOf, inScope, summaryColumns, summaryOf } from './list-repository.ts';
/** What the renewal module reads of the terminals: their rows, the scope as SQL, the list's row. */
export type { TerminalRow } from './repository.ts';
