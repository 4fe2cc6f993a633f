import {
  type api,
  type DataOf,
  type LedgerKindValue,
  monthSpan,
  type ParsedParamsOf,
  StatementLimits,
} from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import { pageOf } from '../../http/page.ts';
import { dayRange, localParts, startOfDay } from '../../lib/zoned-time.ts';
import * as repo from './repository.ts';

type Row = DataOf<typeof api.agent.statement>['list'][number];
type Month = DataOf<typeof api.agent.statementMonths>['list'][number];

const between = new Set<LedgerKindValue>(['sale', 'recycle', 'restore']);

/** A ledger row as the agent sees it: its own side's direction and balances, the other side named. */
export function statementRow(agentId: number, r: repo.StatementRecord): Row {
  const incoming = r.toAgentId === agentId;
  const kind = r.kind as LedgerKindValue;
  const after = incoming ? r.toBalance : r.fromBalance;
  const other = incoming
    ? { id: r.fromAgentId, name: r.fromAgentName }
    : { id: r.toAgentId, name: r.toAgentName };
  const counterpart =
    between.has(kind) && other.id !== null
      ? { type: 'agent' as const, id: other.id, name: other.name ?? '' }
      : r.orgId !== null && r.orgName !== null
        ? { type: 'org' as const, id: r.orgId, name: r.orgName }
        : null;
  return {
    id: r.id,
    kind,
    direction: incoming ? 'in' : 'out',
    cardType: r.cardType,
    quantity: r.quantity,
    before: after === null ? null : incoming ? after - r.quantity : after + r.quantity,
    after,
    counterpart,
    operator:
      r.operatorRole === null || r.operatorId === null
        ? null
        : { role: r.operatorRole, id: r.operatorId, name: r.operatorName ?? '' },
    users: r.charged,
    created_at: r.createdAt.toISOString(),
  };
}

type StatementQuery = Omit<ParsedParamsOf<typeof api.agent.statement>, 'page' | 'size'>;

/** The filter's days as instants in its zone (UTC without one), each end optional. */
export const statementFilterOf = (q: StatementQuery): repo.StatementFilter => {
  const zone = q.timeZone ?? 'UTC';
  return {
    cardType: q.cardType,
    since: q.from ? dayRange(q.from, q.from, zone).from : undefined,
    until: q.to ? dayRange(q.to, q.to, zone).to : undefined,
  };
};

/**
 * A page of an agent's ledger rows, newest first, with both sides' names and balances: the statement's
 * rows, which the sales record reads too.
 */
export const ledgerPage = (db: Conn, agentId: number, f: repo.StatementFilter, page: number, size: number) =>
  repo.statementPage(db, agentId, f, page, size);

/** Every ledger row of an agent's filter, newest first, a batch at a time: the sales record's export. */
export const ledgerEach = (db: Conn, agentId: number, f: repo.StatementFilter) =>
  repo.statementEach(db, agentId, f);

export async function statement(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.agent.statement>) {
  const { list, total } = await repo.statementPage(db, caller.id, statementFilterOf(q), q.page, q.size);
  return pageOf(q, { list, total }, (r) => statementRow(caller.id, r));
}

/** The users one of the caller's consume rows used cards for; another agent's row, or another kind, is not found. */
export async function statementUsers(
  db: Conn,
  caller: Caller,
  q: ParsedParamsOf<typeof api.agent.statementUsers>,
) {
  if (!(await repo.consumeRowOf(db, caller.id, q.id))) throw notFound();
  const { list, total } = await repo.chargedPage(db, q.id, {}, q.page, q.size);
  return pageOf(q, { list, total }, (u) => ({ id: u.id, ssid: u.ssid, name: u.name }));
}

/** YYYY-MM shifted by a number of months. */
const addMonths = (month: string, n: number) => {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1 + n;
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;
};

const zeroTotals = () => ({
  granted: 0,
  bought: 0,
  sold: 0,
  recycledIn: 0,
  recycledOut: 0,
  restoredIn: 0,
  restoredOut: 0,
  consumed: 0,
  refunded: 0,
});
type Totals = ReturnType<typeof zeroTotals>;

/** The month total a kind of movement counts in, by which way it went for the agent. */
const totalOf = (kind: string, incoming: boolean): keyof Totals | undefined =>
  ((
    ({
      grant: ['granted', 'granted'],
      sale: ['bought', 'sold'],
      recycle: ['recycledIn', 'recycledOut'],
      restore: ['restoredIn', 'restoredOut'],
      consume: ['consumed', 'consumed'],
      return: ['refunded', 'refunded'],
    }) as Record<string, [keyof Totals, keyof Totals]>
  )[kind] ?? [])[incoming ? 0 : 1];

const netOf = (t: Totals) =>
  t.granted +
  t.bought -
  t.sold +
  t.recycledIn -
  t.recycledOut +
  t.restoredIn -
  t.restoredOut -
  t.consumed +
  t.refunded;

type LastMove = { at: Date | null; id: number | null; balance: number | null };

export type MonthsQuery = ParsedParamsOf<typeof api.agent.statementMonths>;

/**
 * The months asked, oldest first: `to` defaults to the current month in the zone (or, after a `from`,
 * to the sooner of that and the last month the cap allows), `from` to the default span before `to`.
 */
export function monthsOf(q: MonthsQuery) {
  const current = localParts(new Date(), q.timeZone ?? 'UTC').date.slice(0, 7);
  const capped = q.from ? [addMonths(q.from, StatementLimits.monthsMax - 1), current].sort()[0] : current;
  const to = q.to ?? (q.from && capped < q.from ? q.from : capped);
  const from = q.from ?? addMonths(to, 1 - StatementLimits.monthsDefault);
  return Array.from({ length: monthSpan(from, to) }, (_, i) => addMonths(from, i));
}

/**
 * Per card type and month: the opening balance (the agent's balance after its last move before the
 * month), the month's totals, and the closing balance (the opening plus what moved). Card types with no
 * balance and no movement in the range are left out.
 */
export async function statementMonths(db: Conn, caller: Caller, q: MonthsQuery): Promise<{ list: Month[] }> {
  const zone = q.timeZone ?? 'UTC';
  const months = monthsOf(q);
  const since = startOfDay(`${months[0]}-01`, zone);
  const until = startOfDay(`${addMonths(months[months.length - 1], 1)}-01`, zone);
  const [lastMoves, moved] = [
    await repo.lastMovesBefore(db, caller.id, since, q.cardType),
    await repo.monthTotals(db, caller.id, { since, until, timeZone: zone, cardType: q.cardType }),
  ];
  // The later of the two sides' last rows (by time, then id, as the statement orders them) holds the balance.
  const order = (m: LastMove | null) => [m?.at?.getTime() ?? -1, m?.id ?? -1];
  const opening = lastMoves.map(({ cardType, gave, took }) => {
    const [g, t] = [order(gave), order(took)];
    const later = t[0] > g[0] || (t[0] === g[0] && t[1] > g[1]) ? took : gave;
    return { cardType, balance: later?.balance ?? 0 };
  });
  const types = new Set([
    ...opening.filter((o) => (o.balance ?? 0) !== 0).map((o) => o.cardType),
    ...moved.map((m) => m.cardType),
  ]);
  if (q.cardType !== undefined) types.add(q.cardType);
  const list: Month[] = [];
  for (const cardType of [...types].sort((a, b) => a - b)) {
    let balance = opening.find((o) => o.cardType === cardType)?.balance ?? 0;
    for (const month of months) {
      const totals = zeroTotals();
      for (const m of moved) {
        const key = m.cardType === cardType && m.month === month ? totalOf(m.kind, m.incoming) : undefined;
        if (key) totals[key] += m.quantity;
      }
      const closing = balance + netOf(totals);
      list.push({ month, cardType, opening: balance, ...totals, closing });
      balance = closing;
    }
  }
  return { list };
}
