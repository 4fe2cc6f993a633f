import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { readConfig } from '../src/env.ts';
import type { Caller } from '../src/http/caller.ts';
import * as location from '../src/modules/location/service.ts';
import * as terminal from '../src/modules/terminal/manage.ts';
import { bothBackends } from './harness.ts';

/**
 * The schema a running installation may hold: the database is migrated this far, filled, and then
 * upgraded by every migration committed after it.
 */
const upgradedFrom = '0010_terminal_list_changed';

const migrations = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'ptt-upgrade-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the migrations folder that ends at `upgradedFrom`. */
function migrationsUpTo(tag: string) {
  const dir = join(scratch, 'migrations');
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

type Run = (statement: string) => Promise<unknown>;

/** Two top-level agents, a sub-agent, three companies, terminals in each, a group with members. */
async function fill(run: Run) {
  await run(`insert into agents (id, parent_id, path, name, account, password_hash, openid) values
    (1, null, 'up00', 'Top', 'uptop', 'x', 'o1'),
    (2, 1, 'up00up01', 'Sub', 'upsub', 'x', 'o2'),
    (3, null, 'up01', 'Other', 'upother', 'x', 'o3')`);
  await run(`insert into orgs (id, agent_id, agent_path, name, account, password_hash, openid) values
    (1, 1, 'up00', 'TopCo', 'uptopco', 'x', 'c1'),
    (2, 2, 'up00up01', 'SubCo', 'upsubco', 'x', 'c2'),
    (3, 3, 'up01', 'OtherCo', 'upotherco', 'x', 'c3')`);
  await run(`insert into terminals (id, ssid, name, org_id, agent_path, intercom_pwd_hash, voice_expires,
      location_expires, created_at)
    select n, (359500000000000 + n)::text, 'Radio' || n, 1 + n % 3,
           (array['up00', 'up00up01', 'up01'])[1 + n % 3], 'x', date '2030-01-01',
           case when n = 4 then date '2099-12-31' end, timestamptz '2026-01-01' + n * interval '1 hour'
    from generate_series(1, 12) n`);
  await run(`insert into groups (id, org_id, agent_path, name) values (1, 1, 'up00', 'Night shift')`);
  await run(`insert into group_members (group_id, terminal_id, priority) values (1, 3, 2), (1, 6, 3)`);
  await run(`update terminals set default_group_id = 1 where id = 3`);
  // Positions of two days, which the upgrade moves into a table partitioned by day.
  await run(`insert into positions (terminal_id, org_id, agent_path, lat, lng, at)
    select 3, 1, 'up00', 22.3 + n / 1000.0, 114.1, timestamptz '2026-03-01' + n * interval '2 hours'
    from generate_series(1, 20) n`);
  for (const table of ['agents', 'orgs', 'terminals', 'groups'])
    await run(`select setval(pg_get_serial_sequence('${table}', 'id'), 100)`);
}

const caller = (role: 0 | 1, id: number, path: string): Caller => ({
  role,
  id,
  path,
  openid: '',
  sessionId: 0,
});

/** Opens the database at `url` (or the PGlite in `dataDir`) through the server's own start-up. */
async function openUpgraded(url: string, dataDir: string): Promise<Database> {
  return openDatabase(readConfig({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
}

async function prepare(
  backend: 'pglite' | 'postgres',
): Promise<{ open: () => Promise<Database>; drop?: () => Promise<void> }> {
  const folder = migrationsUpTo(upgradedFrom);
  if (backend === 'pglite') {
    const dataDir = join(scratch, 'data');
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    const client = new PGlite(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder: folder });
    await fill((s) => client.exec(s));
    await client.close();
    return { open: () => openUpgraded('', dataDir) };
  }
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `ptt_upgrade_${process.pid}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`drop database if exists ${name} with (force)`);
  await adminClient.query(`create database ${name}`);
  await adminClient.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await migratePg(drizzlePg(pool), { migrationsFolder: folder });
  await fill((s) => pool.query(s));
  await pool.end();
  return {
    open: () => openUpgraded(url.toString(), scratch),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe.each(bothBackends)('an upgrade on %s', (backend) => {
  it(`keeps every agent, company, terminal and group of a database from ${upgradedFrom}, and lists them`, async () => {
    const { open, drop } = await prepare(backend);
    const database = await open();
    try {
      const { db } = database;
      const counted = (await db.execute(
        sql.raw(`select (select count(*) from agents)::int as agents, (select count(*) from orgs)::int as orgs,
                        (select count(*) from terminals)::int as terminals,
                        (select count(*) from group_members)::int as members,
                        (select n from terminal_counts where path = 'up00')::int as under_top,
                        (select n from terminal_expiry_days
                         where path = 'up00' and org_id = 0 and first = '2030-01-01' and last = first) as due_top,
                        (select sum(n) from terminal_function_days where path = '' and org_id = 2)::int as due_sub_co`),
      )) as unknown as { rows: Record<string, number>[] };
      // The expiry days are filled from the terminals: voice in 2030 on all, location permanent on one.
      expect(counted.rows[0]).toEqual({
        agents: 3,
        orgs: 3,
        terminals: 12,
        members: 2,
        under_top: 8,
        due_top: 8,
        due_sub_co: 4,
      });
      const track = await location.track(db, caller(0, 1, 'up00'), {
        terminalId: 3,
        start: '2026-03-01T00:00:00Z',
        end: '2026-03-03T00:00:00Z',
      });
      expect(track.points).toHaveLength(20);
      expect(track.points[0]).toMatchObject({ lat: 22.301, at: '2026-03-01T02:00:00.000Z' });
      // The positions' UTC weeks (Sunday the 1st and Monday the 2nd of March) are its online weeks.
      const weeks = (await db.execute(
        sql.raw(`select terminal_id, to_char(week, 'YYYY-MM-DD') as week, org_id from terminal_weeks
                 order by week`),
      )) as unknown as { rows: Record<string, unknown>[] };
      expect(weeks.rows).toEqual([
        { terminal_id: 3, week: '2026-02-23', org_id: 1 },
        { terminal_id: 3, week: '2026-03-02', org_id: 1 },
      ]);
      const counts = (await db.execute(
        sql.raw(`select org_id, to_char(week, 'YYYY-MM-DD') as week, n from org_online_weeks order by week`),
      )) as unknown as { rows: Record<string, unknown>[] };
      expect(counts.rows).toEqual([
        { org_id: 1, week: '2026-02-23', n: 1 },
        { org_id: 1, week: '2026-03-02', n: 1 },
      ]);

      const page = { page: 1, size: 20 };
      const top = await terminal.list(db, caller(0, 1, 'up00'), page);
      expect(top.total).toBe(8);
      expect(top.list.map((r) => r.id)).toEqual([12, 10, 9, 7, 6, 4, 3, 1]);
      const sub = await terminal.list(db, caller(0, 2, 'up00up01'), page);
      expect([sub.total, sub.list.map((r) => r.org_name)]).toEqual([4, ['SubCo', 'SubCo', 'SubCo', 'SubCo']]);
      const company = await terminal.list(db, caller(1, 2, 'up00up01'), page);
      expect(company.list.map((r) => r.id)).toEqual([10, 7, 4, 1]);
      expect(company.list[2]).toMatchObject({
        name: 'Radio4',
        org_name: 'SubCo',
        created_at: '2026-01-01T04:00:00.000Z',
        expiries: { voice: '2030-01-01', location: '2099-12-31', sos: null },
      });

      const found = await terminal.list(db, caller(0, 1, 'up00'), { ...page, keyword: 'radio1' });
      expect(found.list.map((r) => r.id)).toEqual([12, 10, 1]);
      const other = await terminal.list(db, caller(0, 3, 'up01'), page);
      expect(other.list.map((r) => r.id)).toEqual([11, 8, 5, 2]);
      const grouped = await terminal.list(db, caller(0, 1, 'up00'), { ...page, groupId: 1 });
      expect(grouped.list.map((r) => r.id)).toEqual([6, 3]);
      const detail = await terminal.detail(db, caller(0, 1, 'up00'), 3);
      expect(detail).toMatchObject({
        org_name: 'TopCo',
        default_group: { id: 1, name: 'Night shift' },
        groups: [{ id: 1, name: 'Night shift', priority: 2 }],
      });
    } finally {
      await database.close();
      await drop?.();
    }
  }, 120_000);
});
