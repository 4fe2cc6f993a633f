import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Conn } from './client.ts';

/**
 * The rows `offset` to `offset + limit` of a list, by id (what `onPage` reads); a prepared list passes
 * placeholders for its window.
 */
export const onWindow = (
  db: Conn,
  id: PgColumn,
  where: SQL | undefined,
  order: SQL[],
  offset: number | Placeholder,
  limit: number | Placeholder,
) =>
  sql`${id} = any(array(${db
    .select({ id })
    .from(id.table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)}))`;

/**
 * The rows of a page, by id: the page's ids are taken first, in list order, from the table alone (on an
 * index in that order where there is one), so a deep page skips index entries, and joins and per-row
 * subqueries run for the rows shown only. The outer read orders its rows the same way. The ids come as
 * an array, so the rows are read by their key (a `in (…)` let PostgreSQL hash the ids and scan the
 * whole table for them).
 */
export const onPage = (
  db: Conn,
  id: PgColumn,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  size: number,
) => onWindow(db, id, where, order, (page - 1) * size, size);

/**
 * A page of a history (SOS alarms, fence records, recordings) with its total, without counting the
 * whole history, which grows with every day kept: the page reads one row past itself (`read` gets the
 * condition that picks its rows), and its total is the rows before it plus those read. The app asks a
 * total only whether a next page exists. A page past the end counts what comes before it, at most its
 * offset.
 */
export async function historyPage<R>(
  db: Conn,
  id: PgColumn,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  size: number,
  read: (onRows: SQL) => Promise<R[]>,
) {
  const offset = (page - 1) * size;
  const rows = await read(onWindow(db, id, where, order, offset, size + 1));
  if (rows.length > 0 || offset === 0) return { list: rows.slice(0, size), total: offset + rows.length };
  const before = db.select({ one: sql`1` }).from(id.table).where(where).limit(offset).as('before');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(before);
  return { list: [] as R[], total: counted?.n ?? 0 };
}
