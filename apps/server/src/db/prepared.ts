import type { Conn } from './client.ts';

/**
 * A hot read built once per database handle and key and run as a named prepared statement: the
 * query builder does not run per request and PostgreSQL parses it once per connection, and after a
 * few runs keeps one generic plan when it costs no more than planning for the values. Inside a
 * transaction the statement is built for that transaction. The key tells apart statements whose
 * text differs, such as a list with a keyword and one without.
 */
export function preparedBy<K, Q>(build: (db: Conn, key: K) => Q): (db: Conn, key: K) => Q {
  const built = new WeakMap<Conn, Map<K, Q>>();
  return (db, key) => {
    let ofDb = built.get(db);
    if (!ofDb) {
      ofDb = new Map();
      built.set(db, ofDb);
    }
    let query = ofDb.get(key);
    if (query === undefined) {
      query = build(db, key);
      ofDb.set(key, query);
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

/** A page whose rows carry the list's total: the rows without it, and the total (0 when empty). */
export const withTotal = <R extends { total: number }>(rows: R[]) => ({
  list: rows.map(({ total: _, ...row }) => row),
  total: rows[0]?.total ?? 0,
});
