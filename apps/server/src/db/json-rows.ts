import { type SQL, sql } from 'drizzle-orm';

/**
 * A record's few child rows as one JSON array value of its own row (`[]` for none), so the record and
 * its children are read in one statement: `fields` names each key of a child and the SQL of its value,
 * `from` is the children's FROM and WHERE, tied to the outer row, and `order` their order. The driver
 * (node-postgres and PGlite alike) gives a `json` value back parsed.
 */
export function jsonRows<T>(fields: { [K in keyof T]: SQL }, from: SQL, order: SQL) {
  const pairs = Object.entries<SQL>(fields).map(([key, value]) => {
    if (!/^\w+$/.test(key)) throw new Error(`jsonRows: ${key} is not a plain key`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql<
    T[]
  >`(select coalesce(json_agg(json_build_object(${sql.join(pairs, sql`, `)}) order by ${order}), '[]') from ${from})`;
}
