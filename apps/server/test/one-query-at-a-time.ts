import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';

/**
 * A connection takes one statement at a time: inside a transaction every statement goes to its one
 * connection, so sending a second before the first has answered queues it in the driver (node-postgres
 * deprecates that) and, when the first fails, leaves the others racing the rollback. Every server test
 * runs with both drivers watching for it: a statement sent while another is in flight on the same
 * connection (a transaction's, on PGlite) is noted where it was sent, and the test that sent it fails
 * after it. The statement itself still runs, so the connection's state stays the driver's.
 */

const patched = Symbol.for('ptt.oneQueryAtATime');
// The drivers are patched once per process, and a process may run several test files: what they note
// goes to one list that every file's setup reads.
const shared = globalThis as { [patched]?: string[] };
shared[patched] ??= [];
const seen = shared[patched];

const note = (text: unknown) => {
  const error = new Error(
    `a statement was sent while another was in flight on the same connection: ${String(text).slice(0, 120)}`,
  );
  seen.push(error.stack ?? error.message);
};

type Patchable = { [patched]?: true };

const pgProto = pg.Client.prototype as unknown as Patchable & { query: (...args: unknown[]) => unknown };
if (!pgProto[patched]) {
  pgProto[patched] = true;
  const inFlight = new WeakMap<object, number>();
  const query = pgProto.query;
  pgProto.query = function (this: object, ...args: unknown[]) {
    const first = args[0] as { text?: string } | string;
    const text = typeof first === 'string' ? first : first?.text;
    if ((inFlight.get(this) ?? 0) > 0) note(text);
    inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
    const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...result: unknown[]) => {
        done();
        return callback(...result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) {
      result.then(done, done);
      return result;
    }
    // A submittable (a cursor, a stream) reports its end by its own events; it is not counted.
    done();
    return result;
  };
}

type Transaction = Record<'query' | 'sql' | 'exec', (...args: unknown[]) => Promise<unknown>>;
const pgliteProto = PGlite.prototype as unknown as Patchable & {
  transaction: (fn: (tx: Transaction) => Promise<unknown>) => Promise<unknown>;
};
if (!pgliteProto[patched]) {
  pgliteProto[patched] = true;
  const transaction = pgliteProto.transaction;
  pgliteProto.transaction = function (this: PGlite, fn) {
    return transaction.call(this, (tx) => {
      let inFlight = 0;
      for (const name of ['query', 'sql', 'exec'] as const) {
        const send = tx[name];
        tx[name] = async (...args: unknown[]) => {
          if (inFlight > 0) note(args[0]);
          inFlight++;
          try {
            return await send(...args);
          } finally {
            inFlight--;
          }
        };
      }
      return fn(tx);
    });
  };
}

/** Fails the test (or, from a hook, the file) that sent a statement too soon, naming where it was sent. */
const report = () => {
  if (seen.length === 0) return;
  const found = seen.splice(0);
  throw new Error(`${found.length} statement(s) sent while another was in flight:\n${found.join('\n\n')}`);
};
afterEach(report);
afterAll(report);
