import { type api, CardNames, type ParsedParamsOf, RecordColumns, rules } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import { cellsOf, type ExportFile } from '../../http/export.ts';
import type { Change } from '../../http/route.ts';
import { localDateTime } from '../../lib/zoned-time.ts';
import { ensurePayPwd } from '../account/pay-password.ts';
import { ensureTopLevel, selfAndSubAgent } from '../agent/sub-agents.ts';
import * as cards from '../card/service.ts';
import { movementOf } from '../statement/exports.ts';

/** A sale and a recycle take the same parameters. */
type MoveParams =
  | ParsedParamsOf<typeof api.agent.blanceAdd>
  | ParsedParamsOf<typeof api.agent.cardRecovery>
  | ParsedParamsOf<typeof api.agent.returnCards>;

/** The caller, its pay password checked when it has one, and the sub-agent on the other side of a move. */
async function parties(db: Db, caller: Caller, p: MoveParams) {
  ensureTopLevel(caller);
  const { self, sub } = await selfAndSubAgent(db, caller, p.agentId);
  await ensurePayPwd(db, self, p.payPwd);
  if (!sub) throw notFound();
  return { me: self, other: sub };
}

/**
 * Sale of cards to a sub-agent (blance/add): pay password when set, a buyer in the caller's scope, the
 * card type switched on for both, a balance that covers it.
 */
export async function sell(db: Db, change: Change, caller: Caller, p: MoveParams) {
  const { me, other } = await parties(db, caller, p);
  const sale = { by: caller, from: me, to: other, cardType: p.cardType, quantity: p.quantity };
  return cards.sell(change, sale);
}

/** Recycling cards from a sub-agent (cardRecovery). Returns the caller's new balance. */
export async function recycle(db: Db, change: Change, caller: Caller, p: MoveParams) {
  const { me, other } = await parties(db, caller, p);
  const taking = { by: caller, to: me, from: other, cardType: p.cardType, quantity: p.quantity };
  return cards.recycle(change, taking);
}

/** Returning recycled cards to the sub-agent they came from (returnCards). Returns the caller's new balance. */
export async function giveBack(db: Db, change: Change, caller: Caller, p: MoveParams) {
  const { me, other } = await parties(db, caller, p);
  const giving = { by: caller, from: me, to: other, cardType: p.cardType, quantity: p.quantity };
  return cards.returnToLower(change, giving);
}

/** What a return could give back to a sub-agent in scope, asked before the return is confirmed. */
export async function returnable(db: Db, caller: Caller, p: ParsedParamsOf<typeof api.agent.returnable>) {
  ensureTopLevel(caller);
  const { self, sub } = await selfAndSubAgent(db, caller, p.agentId);
  if (!sub) throw notFound();
  return { count: await cards.returnable(db, self.id, sub.id, p.cardType) };
}

export const records = (
  db: Conn,
  caller: Caller,
  q: ParsedParamsOf<typeof api.agent.getSalesPurchaseRecord>,
) => cards.recordPage(db, { agentId: caller.id, ...q }, q.page, q.size);

/** The sales record of a date range (≤ 90 days, start before end) as a file, streamed by `http/export.ts`. */
export function salesRecordFile(
  db: Conn,
  caller: Caller,
  q: ParsedParamsOf<typeof api.agent.exportSalesRecord>,
): ExportFile {
  rules.dateRange.parse({ start: q.start, end: q.end });
  // Times as the screen shows them: in the caller's zone, which the time column and the file name.
  const zone = q.timeZone ?? 'UTC';
  const [timeColumn, ...columns] = RecordColumns[q.lang];
  return {
    name: `sales-record-${q.start}-${q.end}-${zone.replaceAll('/', '_')}`,
    dated: false,
    columns: [`${timeColumn} (${zone})`, ...columns],
    rows: cellsOf(cards.eachRecord(db, { agentId: caller.id, ...q }), (r) => [
      localDateTime(new Date(r.created_at), zone),
      movementOf(q.lang, r.kind, r.direction),
      CardNames[q.lang][r.cardType] ?? String(r.cardType),
      r.quantity,
      r.fromAgent?.name,
      r.toAgent?.name,
      r.org?.orgName,
    ]),
  };
}
