import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../src/cli/backup.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { agentCards, cardLedger, terminals } from '../src/db/schema.ts';
import { readConfig } from '../src/env.ts';
import * as cards from '../src/modules/card/service.ts';
import { seedDemo } from '../src/seed/demo.ts';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));

/** Every terminal, balance and ledger row, and how many rows each table holds. */
async function contents(db: Db) {
  const counts: Record<string, number> = {};
  for (const t of Object.values(schema) as unknown[]) {
    if (!is(t, PgTable)) continue;
    const name = getTableName(t);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t);
    counts[name] = row.n;
  }
  return {
    counts,
    terminals: await db.select().from(terminals).orderBy(asc(terminals.id)),
    balances: await db.select().from(agentCards).orderBy(asc(agentCards.agentId), asc(agentCards.cardType)),
    ledger: await db.select().from(cardLedger).orderBy(asc(cardLedger.id)),
  };
}

/** The demo and some activity on it: a grant writes a balance and a ledger row. */
async function fill(db: Db) {
  await seedDemo(db);
  const [top] = await db
    .execute<{ id: number }>(sql`select id from agents where account = 'agent01'`)
    .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  await cards.grant(db, top.id, 0, 7);
}

describe('backup and restore of the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ptt-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('restores, through the CLI, into a new data directory every terminal, balance and ledger row', async () => {
    const from = { DATABASE_URL: '', DATA_DIR: join(dir, 'a'), SEED_DEMO: 'false', LOG_LEVEL: 'silent' };
    const source = await openDatabase(readConfig(from));
    await fill(source.db);
    const before = await contents(source.db);
    await source.close();
    expect(before.terminals.length).toBeGreaterThan(0);
    expect(before.ledger.length).toBeGreaterThan(0);

    const file = join(dir, 'ptt.tar.gz');
    // A file left world-readable by an earlier copy is made the owner's alone.
    writeFileSync(file, '', { mode: 0o644 });
    const env = { ...process.env, ...from };
    const made = await run(process.execPath, ['--import', 'tsx', cli, 'backup', file], { env });
    expect(made.stdout).toContain(file);
    expect(statSync(file).mode & 0o777, 'readable by its owner only').toBe(0o600);

    const to = { ...from, DATA_DIR: join(dir, 'b') };
    await run(process.execPath, ['--import', 'tsx', cli, 'restore', file], {
      env: { ...process.env, ...to },
    });
    const restored = await openDatabase(readConfig(to));
    expect(await contents(restored.db)).toEqual(before);
    await restored.close();

    // A data directory that holds a database is not overwritten.
    await expect(restore(to, file)).rejects.toThrow(/already holds a database/);
    // Two CLI processes and a database on disk.
  }, 180_000);
});

const admin = process.env.TEST_DATABASE_URL;

describe.skipIf(!admin)('backup and restore of PostgreSQL', () => {
  const names: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'ptt-backup-'));
  const newDatabase = async () => {
    const name = `ptt_test_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    names.push(name);
    const u = new URL(admin as string);
    u.pathname = `/${name}`;
    return u.toString();
  };
  afterAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    for (const n of names) await c.query(`drop database if exists ${n} with (force)`);
    await c.end();
    rmSync(dir, { recursive: true, force: true });
  });
  let file: string;
  let before: Awaited<ReturnType<typeof contents>>;
  beforeAll(async () => {
    const url = await newDatabase();
    const source = await openDatabase(readConfig({ DATABASE_URL: url, SEED_DEMO: 'false' }));
    await fill(source.db);
    before = await contents(source.db);
    file = join(dir, 'ptt.dump');
    // Taken while the source is open, as with instances running.
    await backup({ DATABASE_URL: url, DATA_DIR: dir }, file);
    await source.close();
  });

  it('writes the dump readable by its owner only', () => {
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('restores into a new database every terminal, balance and ledger row', async () => {
    const url = await newDatabase();
    await restore({ DATABASE_URL: url, DATA_DIR: dir }, file);
    const restored = await openDatabase(readConfig({ DATABASE_URL: url, SEED_DEMO: 'false' }));
    expect(await contents(restored.db)).toEqual(before);
    // The sequences come along: a new ledger row takes the next id.
    const [top] = await restored.db
      .execute<{ id: number }>(sql`select id from agents where account = 'agent01'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await cards.grant(restored.db, top.id, 0, 1);
    const ledger = await restored.db.select().from(cardLedger).orderBy(asc(cardLedger.id));
    expect(ledger.length).toBe(before.ledger.length + 1);
    await restored.close();
  });

  it('refuses a database that is not empty, and a file that is not a PostgreSQL backup', async () => {
    const url = await newDatabase();
    const c = await openDatabase(readConfig({ DATABASE_URL: url, SEED_DEMO: 'false' }));
    await c.close();
    await expect(restore({ DATABASE_URL: url, DATA_DIR: dir }, file)).rejects.toThrow(/not empty/);
    const empty = await newDatabase();
    await expect(restore({ DATABASE_URL: empty, DATA_DIR: dir }, cli)).rejects.toThrow(
      /not a PostgreSQL backup/,
    );
  });
});
