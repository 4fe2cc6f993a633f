import { and, count, eq, like, type SQL, sql } from 'drizzle-orm';
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

/** A list: what it reads, in which order, within a scope and a filter. */
export interface ListDef<S, F, Q extends PgSelect> {
  /** The table the list's rows are of: its rows are counted for the total. */
  table: PgTable;
  /** The caller's scope as a condition on the table. */
  scope: (scope: S) => SQL | undefined;
  filters: Filters<F>;
  order: (SQL | PgColumn)[];
  /**
   * `counted`: the total counts every row that matches. `read`: the page reads one row past itself and
   * the total is the rows before it and those read, for lists whose matches may be most of a large
   * scope (a history, a keyword): the app only asks whether a next page exists.
   */
  total: TotalKind | ((filter: FilterOf<F>) => TotalKind);
  /** Where a counter row answers a `counted` total without counting rows: its value, or undefined. */
  counter?: (db: Conn, scope: S, filter: FilterOf<F>) => Promise<number> | undefined;
  /** The select of a row with its joins, as a dynamic query: `db.select(…).from(…).$dynamic()`. */
  rows: (db: Conn) => Q;
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

  const readRows = (db: Conn, where: SQL | undefined, limit: number, offset: number) =>
    def
      .rows(db)
      .where(where)
      .orderBy(...def.order)
      .limit(limit)
      .offset(offset) as unknown as Promise<Q['_']['result']>;

  const pages = async (
    db: Conn,
    scope: S,
    filter: FilterOf<F>,
    page: number,
    size: number,
  ): Promise<{ list: Q['_']['result']; total: number }> => {
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
   */
  async function* batches(db: Conn, scope: S, filter: FilterOf<F>, batch = 1000) {
    const where = whereOf(scope, filter);
    for (let offset = 0; ; offset += batch) {
      const rows = (await readRows(db, where, batch, offset)) as Q['_']['result'][number][];
      if (rows.length > 0) yield rows;
      if (rows.length < batch) return;
    }
  }

  /** The same rows one at a time. */
  async function* each(db: Conn, scope: S, filter: FilterOf<F>, batch = 1000) {
    for await (const rows of batches(db, scope, filter, batch)) yield* rows;
  }

  return Object.assign(pages, { each, batches });
}
