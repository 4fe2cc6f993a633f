import {
  type api,
  ColumnTitles as C,
  CardNames,
  ExportWords,
  functionOfCard,
  isPermanent,
  Limits,
  NoticeType,
  type ParsedParamsOf,
  UserType,
} from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { cellsOf, type ExportFile, titlesOf } from '../../http/export.ts';
import type { Change } from '../../http/route.ts';
import { DAY_MS, localDateTime } from '../../lib/zoned-time.ts';
import * as agents from '../agent/service.ts';
import * as cards from '../card/service.ts';
import * as groups from '../group/service.ts';
import * as notices from '../notice/service.ts';
import { orgInScope } from '../scope/service.ts';
import * as lists from './list-repository.ts';
import * as repo from './repository.ts';
import { createTerminals, lockAllInScope } from './service.ts';

/** A page of the user list: its rows and the list's total, read from the database each time. */
export async function list(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.terminal.list>) {
  const { list, total } = await lists.listTerminals(db, scopeOf(caller), q, q.page, q.size);
  return { list, total, page: q.page, size: q.size };
}

/** The user list's filter as a file: one row per user with each function's expiry. */
export function exportList(
  db: Conn,
  zone: string,
  caller: Caller,
  q: ParsedParamsOf<typeof api.terminal.export>,
): ExportFile {
  const words = ExportWords[q.lang];
  const functions = Object.entries(functionOfCard).map(([card, key]) => ({ card: Number(card), key }));
  const expiry = (v: string | null) => (isPermanent(v) ? words.permanent : v);
  return {
    name: 'users',
    columns: [
      ...titlesOf(q.lang, zone, [C.ssid, C.name, C.company, C.userType]),
      ...functions.map((f) => `${CardNames[q.lang][f.card]} ${C.expires[q.lang]}`),
      ...titlesOf(q.lang, zone, [{ time: C.created }]),
    ],
    rows: cellsOf(lists.eachTerminal(db, scopeOf(caller), q), (t) => [
      t.ssid,
      t.name,
      t.org_name,
      t.user_type === UserType.vip ? words.vip : words.single,
      ...functions.map((f) => expiry(t.expiries[f.key])),
      localDateTime(new Date(t.created_at), zone),
    ]),
  };
}

/**
 * The SSIDs of a batch or a card replacement already in use, read before the cost is confirmed: the
 * write checks them again under its locks.
 */
export const checkSsids = async (db: Conn, ssids: string[]) => ({
  taken: await repo.existingSsids(db, [...new Set(ssids)]),
});

export async function detail(db: Conn, caller: Caller, id: number) {
  const t = await repo.findDetailIn(db, scopeOf(caller), id);
  if (!t) throw notFound();
  const def = t.memberOf.find((g) => g.id === t.defaultGroupId);
  return {
    ...lists.summaryOf(t),
    iccid: t.iccid ?? '',
    remark: t.remark,
    dispatcher: t.dispatcher,
    warranty: t.warrantyExpires,
    default_group: def ? { id: def.id, name: def.name } : null,
    groups: t.memberOf,
  };
}

/** Batch creation: up to 10 typed or 100 scanned SSIDs, no duplicates, all or nothing. */
export async function batch(
  db: Db,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.terminal.batch>,
) {
  if (p.mode === 'input' && p.ssids.length > Limits.inputAddMax) throw invalid('inputMax');
  if (new Set(p.ssids).size !== p.ssids.length) throw invalid('doNotAddRepeatedly');
  const org = await orgInScope(db, caller, p.orgId);
  const agent = await agents.findById(db, caller.id);
  if (!agent) throw notFound();
  await cards.creationCard(db, agent.id, p.userType);
  return createTerminals(db, {
    agent,
    org,
    userType: p.userType,
    prefix: p.prefix,
    ssids: p.ssids,
    by: caller,
    change,
  });
}

const RETURN_WINDOW_MS = 30 * DAY_MS;

/**
 * Deletes terminals. A terminal created in the last 30 days gives its voice or VIP card back to the
 * agent who paid for it (notice type 6); the caller gets a 'delete users' notice (type 7).
 */
export async function cardBack(change: Change, caller: Caller, ids: number[]) {
  return change(async (tx, note) => {
    const found = await lockAllInScope(tx, caller, ids);
    const me = await agents.findById(tx, caller.id);
    if (!me) throw notFound();
    const fresh = found.filter(
      (t) => t.cardAgentId !== null && Date.now() - t.createdAt.getTime() < RETURN_WINDOW_MS,
    );
    for (const t of found) await groups.deleteOwnedBy(tx, t.id);
    await repo.deleteTerminals(
      tx,
      found.map((t) => t.id),
    );
    const refunded = await cards.refund(
      tx,
      fresh.map((t) => ({
        agentId: t.cardAgentId as number,
        cardType: cards.cardOfUserType(t.userType),
        orgId: t.orgId,
      })),
      caller,
    );
    await notices.record(tx, {
      agentId: me.id,
      type: NoticeType.deleteUsers,
      quantity: found.length,
      users: found.map((t) => ({ name: t.name, account: t.ssid })),
    });
    note({
      targetIds: found.map((t) => t.id),
      orgIds: found.map((t) => t.orgId),
      before: Object.fromEntries(
        found.map((t) => [t.id, { ssid: t.ssid, name: t.name, userType: t.userType }]),
      ),
      cards: refunded,
    });
    return { deleted: found.length, returned: fresh.length };
  });
}
