import { CardTypes, NoticeType, UserType } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { conflict, invalid, ruleBroken } from '../../http/errors.ts';
import { type Change, plainChange } from '../../http/route.ts';
import { hashDeviceSecret, randomDigits } from '../../lib/crypto.ts';
import { suffixedNames } from '../../lib/names.ts';
import { unlessTaken } from '../../lib/unique.ts';
import { addYear, today } from '../../lib/zoned-time.ts';
import * as cards from '../card/service.ts';
import * as groups from '../group/service.ts';
import * as notices from '../notice/service.ts';
import * as lists from './list-repository.ts';
import * as repo from './repository.ts';

const voice = CardTypes[0].code;
const vip = CardTypes[7].code;
/** VIP functions are permanent: any year from 2035 on reads as permanent (SPEC §4). */
export const PERMANENT = '2099-12-31';

/** The card a new terminal of the user type takes, when the agent's card switch has it on. */
export async function creationCard(db: Conn, agentId: number, userType: number) {
  const card = userType === UserType.vip ? 7 : 0;
  if (!(await cards.isEnabled(db, agentId, card)))
    // A single-function user runs on a voice card; a VIP user on a VIP card.
    throw card === 0
      ? ruleBroken('singleNeedsVoice', { field: 'userType' })
      : ruleBroken('cardTypeNotAllowed', { cardType: card });
  return card;
}

export interface CreateTerminalsInput {
  agent: { id: number; name: string };
  org: { id: number; agentPath: string; name: string };
  userType: number;
  prefix: string;
  ssids: string[];
  /** Who creates them, for the ledger (null: the platform operator's tools). */
  by: cards.Operator;
  /** The request's change (audited, idempotent); the operator's tools open a plain transaction. */
  change?: Change;
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

export interface AddTerminalsInput {
  agent: { id: number; name: string };
  org: { id: number; agentPath: string; name: string };
  userType: number;
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
  /** Who creates them, for the ledger (null: the platform operator's tools). */
  by: cards.Operator;
  /** The request's change (audited, idempotent); the operator's tools open a plain transaction. */
  change?: Change;
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
    const spent = await cards.consume(tx, input.agent.id, isVip ? vip : voice, wanted.length, input.by, {
      orgId: input.org.id,
    });
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
      cardType: isVip ? vip : voice,
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

export const countOfOrg = (db: Conn, orgId: number) => repo.countTerminalsOfOrg(db, orgId);

export const findBySsid = (db: Conn, ssid: string) => repo.findBySsid(db, ssid);
/** A company's terminals by id, the first `limit` (operator CLI, simulator credentials). */
export const firstOfOrg = (db: Conn, orgId: number, limit: number) => repo.firstOfOrg(db, orgId, limit);
export const setIntercomPassword = async (db: Conn, id: number, plain: string) =>
  repo.updateTerminal(db, id, { intercomPwdHash: await hashDeviceSecret(plain) });
export const search = (db: Conn, caller: Caller, keyword: string, limit: number) =>
  lists.searchTerminals(db, scopeOf(caller), keyword, limit);

/** A function is active on a day when it was activated and expires that day or later. */
export const isActive = (expires: string | null, day = today()) => expires !== null && expires >= day;

/** The functions of a terminal active on a day, by card key. */
export const activeFunctions = (t: repo.TerminalRow, day = today()) =>
  Object.entries(repo.expiryColumn)
    .filter(([, column]) => isActive(t[column], day))
    .map(([fn]) => fn);

/** Of the SSIDs, those in use. */
export const existingSsids = (db: Conn, ssids: string[]) => repo.existingSsids(db, ssids);

export { inScope, summaryColumns } from './list-repository.ts';
/*
 * What the modules built on the terminals (renewal) read of them: each function's expiry column, the
 * scope as SQL, the user list's columns, and the terminals of a write locked in id order.
 */
export { expiryColumn, type TerminalRow } from './repository.ts';
export const lockInScope = (db: Conn, caller: Caller, ids: number[]) =>
  repo.lockTerminalsIn(db, scopeOf(caller), ids);
