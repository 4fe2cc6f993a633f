import { and, eq, like, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Conn } from './client.ts';
import { preparedBy } from './prepared.ts';

/**
 * A page's limit or offset (or another count of rows to read) as a parameter that PostgreSQL plans
 * without knowing it. Given bare, a page is planned again for its values on every run: the one plan
 * kept for any values assumes a tenth of the rows are wanted and looks dearer than a plan made for 20,
 * and planning cost as much as running the page. Read through a scalar subquery, the value is unknown
 * to every plan, so PostgreSQL keeps its generic plan after five runs. A statement planned for its
 * pattern on each call (db/statements.ts) whose best plan depends on how few rows are wanted (a
 * keyword's arms, which may walk an index in list order) keeps bare placeholders. (Drizzle writes
 * whatever SQL it is given as a limit; its type names only placeholders.)
 */
export const windowParam = (name: string) =>
  sql`(select ${sql.placeholder(name)}::int)` as unknown as Placeholder;

/**
 * The name of the agent or company (`of`) that a listed row refers to by `table.column`, read per row:
 * for the rows shown only, after the page's sort and limit, and without a join that would make a
 * statement's plan depend on the join's estimates. Both names are written out because inside the
 * subquery drizzle writes a column without its table, and a bare "id" would bind to the inner one.
 */
export const nameByRef = <T extends string | null = string>(
  of: PgTable,
  table: string,
  column: string,
): SQL<NoInfer<T>> =>
  sql`(select x.name from ${of} x where x.id = ${sql.identifier(table)}.${sql.identifier(column)})`;

/**
 * The rows of a page, by id: the page's ids are taken first, in list order, from the table alone (on an
 * index in that order where there is one), so a deep page skips index entries, and joins and per-row
 * subqueries run for the rows shown only. The outer read orders its rows the same way. The ids come as
 * an array, so the rows are read by their key (a `in (…)` let PostgreSQL hash the ids and scan the
 * whole table for them). The window is the statement's `offset` and `limit`, given as `windowParam`s.
 */
export const onWindow = (db: Conn, id: PgColumn, where: SQL | undefined, order: SQL[]) =>
  sql`${id} = any(array(${db
    .select({ id })
    .from(id.table)
    .where(where)
    .orderBy(...order)
    .limit(windowParam('limit'))
    .offset(windowParam('offset'))}))`;

/** What `filteredPages` runs: a select that can be prepared. */
interface Preparable<R> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<R[]> };
}

/**
 * `filteredPages`' scope for a table with an indexed column per kind of scope (a company's id, a
 * sub-agent's path, a top-level agent's top path), read by equality: `key` gives a scope's kind and value.
 */
export const byScopeColumn = <S, K extends string>(
  key: (scope: S) => { kind: K; value: number | string },
  columns: Record<K, PgColumn>,
) => ({
  scope: key,
  where: (kind: string, scope: Placeholder) => eq(columns[kind as K], scope),
});

/**
 * `filteredPages`' scope for a table scoped by company id, or for an agent by agent path prefix
 * (`LIKE`, planned on each call): the tables that carry no top path.
 */
export const byCompanyOrPathPrefix = (orgId: PgColumn, agentPath: PgColumn) => ({
  scope: (scope: { orgId: number } | { path: string }) =>
    'orgId' in scope ? { kind: 'org', value: scope.orgId } : { kind: 'agent', value: `${scope.path}%` },
  where: (kind: string, scope: Placeholder) => (kind === 'org' ? eq(orgId, scope) : like(agentPath, scope)),
});

/**
 * The pages of a filtered list with their totals, each statement built once per scope and set of
 * filters given, and prepared: `scope` gives a scope's key and the value of its placeholder, `where` the
 * scope's condition on it, `filters` each filter's condition on its own placeholder, and `read` the rows
 * of a page where `onRows` holds.
 *
 * A list's total is `counted` beside its page, or `read`: a history (SOS alarms, fence records,
 * recordings), which grows with every day kept, is not counted whole. Its page reads one row past itself
 * and its total is the rows before it plus those read; the app asks a history's total only whether a
 * next page exists. A page past the end counts what comes before it, at most its offset.
 */
export function filteredPages<S, K extends string, R>(h: {
  name: string;
  id: PgColumn;
  order: SQL[];
  total: 'counted' | 'read';
  scope: (scope: S) => { kind: string; value: number | string };
  where: (kind: string, scope: Placeholder) => SQL;
  filters: Record<K, (value: Placeholder) => SQL>;
  read: (db: Conn, onRows: SQL) => Preparable<R>;
}) {
  /** A filter's fields: each one given adds its condition; a date is compared as an instant. */
  type Filter = { [F in K]?: number | string | Date };
  const given = (f: Filter) => (Object.keys(h.filters) as K[]).filter((k) => f[k] !== undefined);
  const whereOf = (key: string) => {
    const [kind, ...fields] = key.split(' ');
    return and(
      h.where(kind, sql.placeholder('scope')),
      ...fields.map((k) => h.filters[k as K](sql.placeholder(k))),
    );
  };
  const named = (part: string, key: string) => `${h.name}_${part}_${key.replace(/ /g, '_')}`;
  const page = preparedBy((db, key: string) =>
    h.read(db, onWindow(db, h.id, whereOf(key), h.order)).prepare(named('page', key)),
  );
  /** The rows of the list (`counted`), or those before a page past the end (`read`). */
  const count = preparedBy((db, key: string) => {
    const rows = db.select({ one: sql`1` }).from(h.id.table).where(whereOf(key));
    return db
      .select({ n: sql<number>`count(*)::int` })
      .from((h.total === 'read' ? rows.limit(sql.placeholder('offset')) : rows).as('counted'))
      .prepare(named('count', key));
  });
  return async (db: Conn, scope: S, f: Filter, pageNo: number, size: number) => {
    const { kind, value } = h.scope(scope);
    const fields = given(f);
    const key = [kind, ...fields].join(' ');
    const offset = (pageNo - 1) * size;
    const values: Record<string, unknown> = {
      scope: value,
      offset,
      limit: h.total === 'read' ? size + 1 : size,
    };
    for (const k of fields) {
      const v = f[k];
      values[k] = v instanceof Date ? v.toISOString() : v;
    }
    if (h.total === 'counted') {
      const [list, [counted]] = await Promise.all([
        page(db, key).execute(values),
        count(db, key).execute(values),
      ]);
      return { list, total: counted?.n ?? 0 };
    }
    const rows = await page(db, key).execute(values);
    if (rows.length > 0 || offset === 0) return { list: rows.slice(0, size), total: offset + rows.length };
    const [counted] = await count(db, key).execute(values);
    return { list: [] as R[], total: counted?.n ?? 0 };
  };
}
