import type { Conn } from './client.ts';

/**
 * What a built statement runs on: the database's client (the pool, or PGlite), and inside a
 * transaction the client of that transaction's session. On PostgreSQL that is the pooled connection
 * the transaction holds, which outlives it, so a statement built in one transaction serves every later
 * one on the same connection (the handle of a transaction is new each time; its connection is not).
 * A PGlite transaction's client is new each time, and its statements are built for it alone.
 */
const clientOf = (db: Conn): object => (db._.session as unknown as { client?: object }).client ?? db;

/**
 * A hot read built once per database client and key and run as a named prepared statement: the
 * query builder does not run per request and PostgreSQL parses it once per connection, and after a
 * few runs keeps one generic plan when it costs no more than planning for the values. Inside a
 * transaction it is built once per pooled connection (`clientOf`). The key tells apart statements
 * whose text differs, such as a list with a keyword and one without.
 */
export function preparedBy<K, Q>(build: (db: Conn, key: K) => Q): (db: Conn, key: K) => Q {
  const built = new WeakMap<object, Map<K, Q>>();
  return (db, key) => {
    const client = clientOf(db);
    let ofClient = built.get(client);
    if (!ofClient) {
      ofClient = new Map();
      built.set(client, ofClient);
    }
    let query = ofClient.get(key);
    if (query === undefined) {
      query = build(db, key);
      ofClient.set(key, query);
    }
    return query;
  };
}

/** What ends the name of a prepared read that matches a pattern and keeps one plan (`anyPattern`). */
export const anyPatternSuffix = '_any_pattern';

/**
 * The name of a prepared read that matches a pattern yet runs as fast on one plan for every pattern:
 * rows of one owner that are few, or found on a trigram index. On PostgreSQL it is parsed once per
 * connection and may keep its generic plan, where other pattern reads are parsed and planned for their
 * values on every call (`db/statements.ts`); planning was most of such a read's time.
 */
export const anyPattern = (name: string) => `${name}${anyPatternSuffix}`;

/** `preparedBy` for a statement that has one text. */
export function prepared<Q>(build: (db: Conn) => Q): (db: Conn) => Q {
  const byKey = preparedBy((db: Conn, _: null) => build(db));
  return (db) => byKey(db, null);
}

/**
 * A page whose rows carry the list's total: the rows, and the total (0 when empty). Each list's mapper
 * names the fields it answers, which leaves `total` out (a copy of each row without it, by rest
 * destructuring, cost more than the rest of the mapping).
 */
export const withTotal = <R extends { total: number }>(rows: R[]) => ({
  list: rows,
  total: rows[0]?.total ?? 0,
});
