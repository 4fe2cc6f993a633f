import { sql } from 'drizzle-orm';

/**
 * The window of a page as numbers in a statement's text, for the first pages that run as named
 * statements. With `LIMIT $n` PostgreSQL prices a generic plan as if a tenth of the rows came back, so
 * it planned such a statement anew on every run: pgbench on the user list's first page at 1 M, 377 µs
 * with parameters, 147 µs with numbers (docs/performance.md).
 */
export const pageWindow = (size: number, offset: number) => {
  if (!Number.isSafeInteger(size) || !Number.isSafeInteger(offset) || size < 1 || offset < 0)
    throw new RangeError(`not a page window: ${size}, ${offset}`);
  return sql.raw(`limit ${size} offset ${offset}`);
};

/** A first page whose rows carry the list's total: the rows without it, and the total (0 when empty). */
export const withTotal = <R extends { total: number }>(rows: R[]) => ({
  list: rows.map(({ total: _, ...row }) => row),
  total: rows[0]?.total ?? 0,
});
