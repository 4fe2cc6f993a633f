import { Writable } from 'node:stream';
import { Code } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { readConfig } from '../src/env.ts';

/** A value a caller sent, which no log line may carry. */
const secret = 'Pa55-only-the-caller-knows';

describe('database errors in the log', () => {
  const lines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = readConfig({ DATABASE_URL: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'info' });
  let close: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const database = await openDatabase(config);
    app = await buildApp({ config, database, logger: true, logStream });
    // Two statements that fail on what a caller sent: a key taken twice, and a value of the wrong type.
    app.get('/test/duplicate', async () => {
      const insert = sql`insert into rate_limits (key, count, reset_at) values (${secret}, 1, now())`;
      await database.db.execute(insert);
      await database.db.execute(insert);
    });
    app.get('/test/bad-value', async () => database.db.execute(sql`select ${secret}::int`));
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it("logs a failed statement's code, constraint and message, never its parameters", async () => {
    for (const url of ['/test/duplicate', '/test/bad-value']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.json().code).toBe(Code.internal);
    }
    const errors = lines.filter((l) => l.msg === 'unhandled error');
    expect(errors).toHaveLength(2);
    expect(errors[0].err).toMatchObject({ code: '23505', constraint: 'rate_limits_pkey' });
    expect(String((errors[0].err as { message: string }).message)).toContain('duplicate key');
    expect(errors[1].err).toMatchObject({ code: '22P02' });
    for (const line of lines) expect(JSON.stringify(line)).not.toContain(secret);
  });
});
