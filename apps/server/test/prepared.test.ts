import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { preparedBy } from '../src/db/prepared.ts';
import { readConfig } from '../src/env.ts';
import { backends } from './harness.ts';

/** A table of one row. */
const one = sql`(values (1)) as one(x)`;

const urlOf = (backend: 'pglite' | 'postgres') =>
  backend === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : 'memory://';

describe.each(backends)('statements built once (%s)', (backend) => {
  let database: Database;
  beforeAll(async () => {
    // One connection, so that every transaction below runs on the same one.
    database = await openDatabase(
      readConfig({
        DATABASE_URL: urlOf(backend),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        DATABASE_POOL_SIZE: '1',
      }),
    );
  });
  afterAll(() => database.close());

  it('serves later transactions on the same connection, and answers each with its own values', async () => {
    let builds = 0;
    const double = preparedBy((db, factor: number) => {
      builds += 1;
      return db
        .select({ n: sql<number>`(${sql.placeholder('n')}::int * ${sql.raw(String(factor))})::int` })
        .from(one)
        .prepare(`test_times_${factor}`);
    });
    const { db } = database;
    const inTransaction = (n: number) =>
      db.transaction(async (tx) => (await double(tx, 2).execute({ n }))[0].n);
    expect(await inTransaction(3)).toBe(6);
    expect(await inTransaction(4)).toBe(8);
    // PostgreSQL: the pooled connection outlives the transactions; PGlite gives each its own client.
    expect(builds).toBe(backend === 'postgres' ? 1 : 2);
    // Outside a transaction the pool (or PGlite itself) is the client: one more build, kept too.
    expect((await double(db, 2).execute({ n: 5 }))[0].n).toBe(10);
    expect((await double(db, 2).execute({ n: 6 }))[0].n).toBe(12);
    expect(builds).toBe(backend === 'postgres' ? 2 : 3);
  });

  it('runs a statement built in one transaction inside the next one, not beside it', async () => {
    const readSetting = preparedBy((db, _: null) =>
      db
        .select({ v: sql<string>`current_setting('application_name')` })
        .from(one)
        .where(sql`${sql.placeholder('one')}::int = 1`)
        .prepare('test_read_setting'),
    );
    const { db } = database;
    const seen: string[] = [];
    for (const name of ['first_tx', 'second_tx'])
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local application_name = '${name}'`));
        const [row] = await readSetting(tx, null).execute({ one: 1 });
        seen.push(row.v);
      });
    expect(seen).toEqual(['first_tx', 'second_tx']);
  });
});
