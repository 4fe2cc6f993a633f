import { type FunctionKey, RenewableFunctions } from '@ptt/contract';
import { and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client.ts';
import { filteredPages, type OrderKey } from '../../db/page.ts';
import {
  notices,
  orgs,
  terminalExpiries,
  terminalExpiryDays,
  terminalFunctionDays,
  terminalPositionsLast,
  terminalPresence,
  terminals,
} from '../../db/schema.ts';
import { type Scope, scopeKey } from '../../http/caller.ts';
import { countedIn, expiryColumn } from '../../lib/expiries.ts';
import { inScope, summaryColumns } from '../terminal/service.ts';

/** Days from `from` to `to`, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** One function of the radar, or any of them. */
export type FunctionChoice = FunctionKey | 'all';

const columnOf = (fn: FunctionKey) => terminals[expiryColumn[fn]];
const functionsOf = (fn: FunctionChoice) => (fn === 'all' ? RenewableFunctions : [fn]);

/** A function expires within the days (a null expiry is none). */
const dueIn = (fn: FunctionKey, r: DayRange) => and(gte(columnOf(fn), r.from), lte(columnOf(fn), r.to));

/** The chosen function, or any of them, expires within the days. */
export const anyDueIn = (fn: FunctionChoice, r: DayRange) => {
  const each = functionsOf(fn).map((f) => dueIn(f, r));
  return each.length === 1 ? each[0] : or(...each);
};

export interface RadarFilter {
  orgId?: number;
  due?: { fn: FunctionChoice; range: DayRange };
  /** Only the terminals a reminder notice of this agent named (its users' SSIDs). */
  notice?: { id: number; agentId: number };
}
/** The radar's filter with its window given. */
export type DueFilter = RadarFilter & Required<Pick<RadarFilter, 'due'>>;

/** A radar row: the user list's columns but its creation, with the last contact and position. */
const { createdAt: _created, ...listColumns } = summaryColumns;
const radarColumns = {
  ...listColumns,
  lastSeenAt: terminalPresence.lastSeenAt,
  lastPositionAt: terminalPositionsLast.at,
};

const expiryScope = {
  org: terminalExpiries.orgId,
  sub: terminalExpiries.agentPath,
  top: terminalExpiries.topPath,
};

/** Expiry rows (of the table or an alias of it) within the days, of the chosen function or any. */
const dueRows = (e: { expires: AnyPgColumn; function: AnyPgColumn }, fn: FunctionChoice, r: DayRange) =>
  and(gte(e.expires, r.from), lte(e.expires, r.to), fn === 'all' ? undefined : eq(e.function, fn));

/** The terminals one notice of the agent names, by their SSIDs as it recorded them. */
const namedBy = (notice: NonNullable<RadarFilter['notice']>) =>
  sql`${terminalExpiries.terminalId} in (select t.id from ${notices} n
    cross join jsonb_array_elements(coalesce(n.users, '[]'::jsonb)) u
    join ${terminals} t on t.ssid = u->>'account'
    where n.id = ${notice.id} and n.agent_id = ${notice.agentId})`;

/** Expiry rows in scope (and the company, and the notice) within the days, of the chosen function or any. */
const expiriesIn = (scope: Scope, f: RadarFilter, fn: FunctionChoice, r: DayRange) => {
  const { kind, value } = scopeKey(scope);
  return and(
    eq(expiryScope[kind], value),
    f.orgId === undefined ? undefined : eq(terminalExpiries.orgId, f.orgId),
    f.notice === undefined ? undefined : namedBy(f.notice),
    dueRows(terminalExpiries, fn, r),
  );
};

const sooner = alias(terminalExpiries, 'sooner');

/**
 * The expiry rows of a window: of one function, or with every function the soonest of each terminal (its
 * row of the window no other of its rows there comes before), so that a terminal is one row.
 */
const dueWithin = ({ fn, range }: NonNullable<RadarFilter['due']>) =>
  and(
    dueRows(terminalExpiries, fn, range),
    fn === 'all'
      ? sql`not exists (select 1 from ${terminalExpiries} as ${sooner} where ${and(
          eq(sooner.terminalId, terminalExpiries.terminalId),
          dueRows(sooner, fn, range),
          sql`(${sooner.expires}, ${sooner.function}) < (${terminalExpiries.expires}, ${terminalExpiries.function})`,
        )})`
      : undefined,
  );

/**
 * The radar in one order: terminals in scope with the function (or any) due in the window, by that
 * expiry, with their company, last contact and newest position, read in order on the expiry rows' scope
 * index (a later page's terminals are chosen before they are joined). Its total is summed from the
 * expiry-day rows, but for a notice's terminals, which no counter keeps.
 */
const radarList = (by: (c: AnyPgColumn) => OrderKey) =>
  filteredPages({
    table: terminalExpiries,
    scope: (scope: Scope) => {
      const { kind, value } = scopeKey(scope);
      return eq(expiryScope[kind], value);
    },
    filters: {
      orgId: (id: number) => eq(terminalExpiries.orgId, id),
      notice: namedBy,
      due: dueWithin,
    } satisfies { [K in keyof RadarFilter]-?: unknown },
    order: [by(terminalExpiries.expires), by(terminalExpiries.terminalId)],
    total: 'counted',
    counter: (db, scope, f) =>
      f.notice === undefined && f.due ? dueTotal(db, scope, f.due, f.orgId) : undefined,
    rows: (db, place) =>
      db
        .select({ ...radarColumns, ...place })
        .from(terminalExpiries)
        .innerJoin(terminals, eq(terminals.id, terminalExpiries.terminalId))
        .innerJoin(orgs, eq(orgs.id, terminals.orgId))
        .leftJoin(terminalPresence, eq(terminalPresence.terminalId, terminals.id))
        .leftJoin(terminalPositionsLast, eq(terminalPositionsLast.terminalId, terminals.id))
        .$dynamic(),
    joinPageOnly: true,
  });
const radarLists = { asc: radarList((c) => c), desc: radarList((c) => ({ desc: c })) };

/** A page of the radar, newest expiry first or soonest first. */
export const radarPage = (
  db: Conn,
  scope: Scope,
  f: DueFilter,
  order: 'asc' | 'desc',
  page: number,
  size: number,
) => radarLists[order](db, scope, f, page, size);

/** Expiry-day rows lying within the days: summed, each terminal with an expiry in them counts once. */
const daysWithin = (r: DayRange) =>
  and(gte(terminalExpiryDays.first, r.from), lte(terminalExpiryDays.last, r.to));

/** Function-day rows within the days. */
const functionDaysIn = (r: DayRange) =>
  and(gte(terminalFunctionDays.day, r.from), lte(terminalFunctionDays.day, r.to));

/** How many terminals in scope (or in its company given) have the function, or any, due in the window. */
async function dueTotal(
  db: Conn,
  scope: Scope,
  { fn, range }: NonNullable<RadarFilter['due']>,
  orgId?: number,
) {
  const [row] =
    fn === 'all'
      ? await db
          .select({ n: sql<number>`coalesce(sum(${terminalExpiryDays.n}), 0)::int` })
          .from(terminalExpiryDays)
          .where(and(countedIn(terminalExpiryDays, scope, orgId), daysWithin(range)))
      : await db
          .select({ n: sql<number>`coalesce(sum(${terminalFunctionDays.n}), 0)::int` })
          .from(terminalFunctionDays)
          .where(
            and(
              countedIn(terminalFunctionDays, scope, orgId),
              functionDaysIn(range),
              eq(terminalFunctionDays.function, fn),
            ),
          );
  return Number(row?.n ?? 0);
}

/** A column per range, `n0`, `n1`, …: the sum of the counter rows' `n` within it. */
function sumsIn<K extends string>(
  keys: K[],
  ranges: Record<K, DayRange>,
  n: AnyPgColumn,
  within: (r: DayRange) => SQL | undefined,
) {
  const columns: Record<string, SQL.Aliased<number>> = {};
  for (const [i, k] of keys.entries())
    columns[`n${i}`] = sql<number>`coalesce(sum(${n}) filter (where ${within(ranges[k])}), 0)::int`.as(
      `n${i}`,
    );
  return columns;
}

/**
 * How many terminals in scope (or in its company given) have any function due in each of the ranges, in
 * one statement on the expiry-day rows within `outer`, the range every one of `ranges` lies within.
 */
export async function dueCounts<K extends string>(
  db: Conn,
  scope: Scope,
  orgId: number | undefined,
  ranges: Record<K, DayRange>,
  outer: DayRange,
) {
  const keys = Object.keys(ranges) as K[];
  const [row] = await db
    .select(sumsIn(keys, ranges, terminalExpiryDays.n, daysWithin))
    .from(terminalExpiryDays)
    .where(and(countedIn(terminalExpiryDays, scope, orgId), daysWithin(outer)));
  return Object.fromEntries(keys.map((k, i) => [k, Number(row?.[`n${i}`] ?? 0)])) as Record<K, number>;
}

/**
 * Per function, how many terminals in scope have it due in each range, in one statement on the
 * function-day rows within `outer`: the card runway's renewals due.
 */
export async function dueByFunction<K extends string>(
  db: Conn,
  scope: Scope,
  ranges: Record<K, DayRange>,
  outer: DayRange,
) {
  const keys = Object.keys(ranges) as K[];
  const t = terminalFunctionDays;
  const rows = await db
    .select({ fn: t.function, ...sumsIn(keys, ranges, t.n, functionDaysIn) })
    .from(t)
    .where(and(countedIn(t, scope), functionDaysIn(outer)))
    .groupBy(t.function);
  const byFn = new Map(rows.map((r) => [r.fn, r as Record<string, unknown>]));
  return (fn: FunctionKey, k: K) => Number(byFn.get(fn)?.[`n${keys.indexOf(k)}`] ?? 0);
}

/** The terminals a renewal is chosen from, with their last contact (for the silent ones). */
const { orgName: _, ...choiceColumns } = radarColumns;

/** Terminals in scope by id, with their last contact, unlocked: what a renewal would take. */
export const chosenByIds = (db: Conn, scope: Scope, ids: number[]) =>
  db
    .select(choiceColumns)
    .from(terminals)
    .leftJoin(terminalPresence, eq(terminalPresence.terminalId, terminals.id))
    .leftJoin(terminalPositionsLast, eq(terminalPositionsLast.terminalId, terminals.id))
    .where(and(inArray(terminals.id, ids), inScope(scope)));

/**
 * The radar's filter in a scope, as one condition: the terminals of the expiry rows in the window, whose
 * own columns match it too (a row a concurrent renewal moved out of the window is read again after its
 * lock on the terminal's new columns, and left out).
 */
const filterOf = (scope: Scope, f: DueFilter) =>
  and(
    sql`${terminals.id} in (select ${terminalExpiries.terminalId} from ${terminalExpiries} where ${expiriesIn(scope, f, f.due.fn, f.due.range)})`,
    inScope(scope),
    f.orgId === undefined ? undefined : eq(terminals.orgId, f.orgId),
    anyDueIn(f.due.fn, f.due.range),
  );

/** Terminals in scope matching the radar's filter, at most `limit`, with their last contact, unlocked. */
export const chosenByFilter = (db: Conn, scope: Scope, f: DueFilter, limit: number) =>
  db
    .select(choiceColumns)
    .from(terminals)
    .leftJoin(terminalPresence, eq(terminalPresence.terminalId, terminals.id))
    .leftJoin(terminalPositionsLast, eq(terminalPositionsLast.terminalId, terminals.id))
    .where(filterOf(scope, f))
    .orderBy(asc(terminals.id))
    .limit(limit);

/**
 * Terminals in scope matching the radar's filter, locked until the transaction ends in ascending id
 * order, at most `limit`: a row a concurrent renewal moved out of the window is read again after its
 * lock and left out.
 */
export const lockByFilter = (db: Conn, scope: Scope, f: DueFilter, limit: number) =>
  db.select().from(terminals).where(filterOf(scope, f)).orderBy(asc(terminals.id)).limit(limit).for('update');

/** New expiries of locked terminals, one statement: per terminal the columns given (others unchanged). */
export async function setExpiries(
  db: Conn,
  rows: { id: number; set: Partial<Record<FunctionKey, string>> }[],
) {
  if (rows.length === 0) return;
  const fns = RenewableFunctions.filter((fn) => rows.some((r) => r.set[fn] !== undefined));
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::int, ${sql.join(
          fns.map((fn) => sql`${r.set[fn] ?? null}::date`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  const names = fns.map((fn) => sql.raw(`"${fn}"`));
  await db.execute(
    sql`update ${terminals} set ${sql.join(
      fns.map(
        (fn, i) => sql`${sql.raw(`"${columnOf(fn).name}"`)} = coalesce(v.${names[i]}, ${columnOf(fn)})`,
      ),
      sql`, `,
    )} from (values ${values}) as v(id, ${sql.join(names, sql`, `)}) where ${terminals.id} = v.id`,
  );
}
