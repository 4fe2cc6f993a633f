import type { Conn } from './client.ts';

/**
 * A hot read built once per database handle and run as a named prepared statement: the query
 * builder does not run per request and PostgreSQL parses it once per connection, and after a few
 * runs keeps one generic plan when it costs no more than planning for the values. Inside a
 * transaction the statement is built for that transaction.
 */
export function prepared<Q>(build: (db: Conn) => Q): (db: Conn) => Q {
  const built = new WeakMap<Conn, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
