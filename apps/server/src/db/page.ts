import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Conn } from './client.ts';

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
) =>
  sql`${id} = any(array(${db
    .select({ id })
    .from(id.table)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size)}))`;
