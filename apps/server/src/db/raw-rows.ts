import type { SQLWrapper } from 'drizzle-orm';
import type { Conn } from './client.ts';

/**
 * Rows as the driver hands them: an object per row keyed by the column names of the statement,
 * dates and timestamps as PostgreSQL's text (both drivers, as the query builder sets them up). For
 * the hottest reads, which map their rows by hand: the builder's own mapping walks each column's
 * class chain on every row and was the largest cost of the user list's first page (docs/performance.md).
 * The caller names its row type; the statement's column names must match it (`.as(...)` for SQL).
 */
export const rawRows = async <Row>(db: Conn, query: SQLWrapper): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** `rawRows` for a named prepared statement (`prepared.ts`): both drivers' statements have `all`. */
export const rawPreparedRows = <Row>(statement: unknown, values: Record<string, unknown>): Promise<Row[]> =>
  (statement as { all(values: Record<string, unknown>): Promise<Row[]> }).all(values);
