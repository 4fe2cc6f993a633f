import { and, asc, count, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Conn } from './client.ts';

/** For each field of a list's filter, its condition on the value given; a field left out adds none. */
export type Filters<F> = { [K in keyof F]-?: (value: NonNullable<F[K]>) => SQL | undefined };

/** A filter's values: each field may be left out. */
export type FilterOf<F> = { [K in keyof F]?: F[K] | undefined };

/** How a list answers its total. */
export type TotalKind = 'counted' | 'read';

/**
 * The scope of a table that carries a company's id and its agent's path but no top path: a company's
 * own rows, or an agent's by its path's prefix.
 */
export const byCompanyOrPath =
  (orgId: PgColumn, agentPath: PgColumn) => (scope: { orgId: number } | { path: string }) =>
    'orgId' in scope ? eq(orgId, scope.orgId) : like(agentPath, `${scope.path}%`);

/** A column of a list's order: ascending, or `{ desc: column }` for descending. */
export type OrderKey = PgColumn | { desc: PgColumn };

/**
 * A row's place in its list's order: the order's values as text (a time to the microsecond, which a
 * JavaScript Date would round), read with each row so that a walk goes on after the last row it read.
 */
export interface Place {
  place: SQL<string[] | null>;
}

/** A list: what it reads, in which order, within a scope and a filter. */
export interface ListDef<S, F, Q extends PgSelect> {
  /** The table the list's rows are of: its rows are counted for the total. */
  table: PgTable;
  /** The caller's scope as a condition on the table. */
  scope: (scope: S) => SQL | undefined;
  filters: Filters<F>;
  /** The list's order; its columns together are unique within the list (the last one an id). */
  order: OrderKey[];
  /**
   * `counted`: the total counts every row that matches. `read`: the page reads one row past itself and
   * the total is the rows before it and those read, for lists whose matches may be most of a large
   * scope (a history, a keyword): the app only asks whether a next page exists.
   */
  total: TotalKind | ((filter: FilterOf<F>) => TotalKind);
  /** Where a counter row answers a `counted` total without counting rows: its value, or undefined. */
  counter?: (db: Conn, scope: S, filter: FilterOf<F>) => Promise<number> | undefined;
  /**
   * The select of a row with its joins, as a dynamic query, its place among its fields:
   * `db.select({ ...fields, ...place }).from(…).$dynamic()`.
   */
  rows: (db: Conn, place: Place) => Q;
  /**
   * A later page's rows are chosen on `table` alone (the scope, the filter and the order are its
   * columns) and only they are joined as `rows` says, so that the rows its offset skips are not joined:
   * for a list whose joins cost more than choosing its rows. A first page skips nothing and joins its
   * rows as it reads them.
   */
  joinPageOnly?: boolean;
}

const columnOf = (k: OrderKey) => ('desc' in k ? k.desc : k);

/**
 * The rows after a place in the order: a row comparison when every column goes the same way (what an
 * index on those columns reads from), else column by column. Each value is compared as the column's type.
 */
function afterPlace(order: OrderKey[], values: string[]): SQL | undefined {
  const descending = order.map((k) => 'desc' in k);
  const column = order.map(columnOf);
  if (descending.every((d) => d === descending[0])) {
    const op = descending[0] ? sql` < ` : sql` > `;
    return sql`(${sql.join(column, sql`, `)})${op}(${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  }
  const from = (i: number): SQL | undefined => {
    const beyond = descending[i] ? sql`${column[i]} < ${values[i]}` : sql`${column[i]} > ${values[i]}`;
    return i === column.length - 1 ? beyond : or(beyond, and(sql`${column[i]} = ${values[i]}`, from(i + 1)));
  };
  return from(0);
}

/**
 * The one list helper: a page of a list and its total. The scope and the filter's given fields are
 * and-ed into one condition, and PostgreSQL chooses how to read it.
 */
export function filteredPages<S, F extends object, Q extends PgSelect>(def: ListDef<S, F, Q>) {
  const whereOf = (scope: S, filter: FilterOf<F>) =>
    and(
      def.scope(scope),
      ...(Object.keys(def.filters) as (keyof F)[]).map((k) => {
        const value = filter[k];
        return value === undefined || value === null
          ? undefined
          : def.filters[k](value as NonNullable<F[keyof F]>);
      }),
    );
  const countOf = async (db: Conn, where: SQL | undefined, cap?: number) => {
    const matching = db.select({ one: sql`1` }).from(def.table).where(where);
    const [row] = await db
      .select({ n: count() })
      .from((cap === undefined ? matching : matching.limit(cap)).as('matching'));
    return row?.n ?? 0;
  };

  type Row = Omit<Q['_']['result'][number], 'place'>;
  const orderBy = def.order.map((k) => ('desc' in k ? desc(k.desc) : asc(k)));
  const placeOf: Place = {
    place: sql<string[]>`array[${sql.join(
      def.order.map((k) => sql`${columnOf(k)}::text`),
      sql`, `,
    )}]`,
  };
  const unplaced: Place = { place: sql<null>`null` };
  const withoutPlace = (rows: Q['_']['result']) =>
    (rows as { place: unknown }[]).map(({ place: _, ...row }) => row as Row);

  const orderColumns = sql.join(def.order.map(columnOf), sql`, `);
  /** The rows of a page, chosen by their order's columns (unique within the list) before they are joined. */
  const chosen = (db: Conn, where: SQL | undefined, limit: number, offset: number) =>
    sql`(${orderColumns}) in (${db
      .select(Object.fromEntries(def.order.map((k, i) => [`k${i}`, columnOf(k)])))
      .from(def.table)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset)})`;

  const readRows = async (db: Conn, where: SQL | undefined, limit: number, offset: number) => {
    const rows = def
      .rows(db, unplaced)
      .orderBy(...orderBy)
      .limit(limit);
    const page =
      def.joinPageOnly && offset > 0
        ? rows.where(and(where, chosen(db, where, limit, offset)))
        : rows.where(where).offset(offset);
    return withoutPlace(await (page as unknown as Promise<Q['_']['result']>));
  };

  const pages = async (
    db: Conn,
    scope: S,
    filter: FilterOf<F>,
    page: number,
    size: number,
  ): Promise<{ list: Row[]; total: number }> => {
    const where = whereOf(scope, filter);
    const offset = (page - 1) * size;
    const kind = typeof def.total === 'function' ? def.total(filter) : def.total;
    const read = (limit: number) => readRows(db, where, limit, offset);
    if (kind === 'counted') {
      // One after the other: inside a transaction both run on its one connection.
      const list = await read(size);
      return { list, total: await (def.counter?.(db, scope, filter) ?? countOf(db, where)) };
    }
    const rows = await read(size + 1);
    if (rows.length > 0 || offset === 0) return { list: rows.slice(0, size), total: offset + rows.length };
    // A page past the end: what comes before it, at most its offset.
    return { list: rows, total: await countOf(db, where, offset) };
  };

  /**
   * Every row of the list in its order, one batch at a time and without a total: for an export, which
   * holds one batch in memory whatever the list's length (and may look up what a batch names at once).
   * Each batch starts after the last row's place (not at an offset, which reads every row before it
   * again), so a walk costs as many rows as it reads.
   */
  async function* batches(db: Conn, scope: S, filter: FilterOf<F>, batch = 1000): AsyncGenerator<Row[]> {
    const where = whereOf(scope, filter);
    let after: SQL | undefined;
    for (;;) {
      const rows = (await (def
        .rows(db, placeOf)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(batch) as unknown as Promise<Q['_']['result']>)) as { place: string[] }[];
      if (rows.length > 0) yield withoutPlace(rows as unknown as Q['_']['result']);
      const last = rows.at(-1);
      if (rows.length < batch || !last) return;
      after = afterPlace(def.order, last.place);
    }
  }

  /** The same rows one at a time. */
  async function* each(db: Conn, scope: S, filter: FilterOf<F>, batch = 1000) {
    for await (const rows of batches(db, scope, filter, batch)) yield* rows;
  }

  return Object.assign(pages, { each, batches });
}
