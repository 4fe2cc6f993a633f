import pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/crypto.ts';

/** The fleet the API is measured on: 2 top-level agents, 10 sub-agents each, 2 000 companies, `terminals`. */
export const Fleet = { tops: 2, subsPerTop: 10, orgs: 2000 } as const;
export const benchPassword = 'bench123';
export const benchTop = 'benchtop1';

/** Creates the database when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

const count = async (client: pg.Client, sql: string) => Number((await client.query(sql)).rows[0].n);

/**
 * Fills a migrated database with the fleet in bulk SQL, unless it already holds exactly that many
 * terminals (the 1 M seed takes minutes: it is reused by later runs).
 */
export async function seedFleet(url: string, terminals: number, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const have = await count(client, `select count(*) as n from terminals where agent_path like 'zb%'`);
    if (have === terminals) {
      // The runs before added notices, ledger rows and terminals; PostgreSQL's autovacuum, off on some
      // machines, would have read their statistics again. Without them the first page of 2 400 notices
      // was planned as a scan of the unread index and a sort (1 208 req/s instead of about 9 000).
      await client.query('analyze');
      log(`  reusing ${terminals.toLocaleString('en')} terminals`);
      return;
    }
    const started = Date.now();
    const hash = await hashPassword(benchPassword);
    await client.query('begin');
    await client.query(`delete from terminals where agent_path like 'zb%'`);
    await client.query(`delete from orgs where agent_path like 'zb%'`);
    await client.query(
      `delete from agent_cards where agent_id in (select id from agents where path like 'zb%')`,
    );
    await client.query(`delete from agents where path like 'zb%' and parent_id is not null`);
    await client.query(`delete from agents where path like 'zb%'`);
    // Top-level agents zb00, zb01; their sub-agents zb00s000 … (4 base-36 characters a level).
    await client.query(
      `insert into agents (path, name, account, password_hash, openid)
       select 'zb0' || t, 'BenchTop' || (t + 1), 'benchtop' || (t + 1), $1, md5(random()::text || t)
       from generate_series(0, $2 - 1) t`,
      [hash, Fleet.tops],
    );
    await client.query(
      `insert into agents (parent_id, path, name, account, password_hash, openid)
       select p.id, p.path || 's' || lpad(s::text, 3, '0'), 'BenchSub' || p.path || s,
              'benchsub' || p.path || s, $1, md5(random()::text || p.path || s)
       from agents p cross join generate_series(0, $2 - 1) s
       where p.path like 'zb0_' and p.parent_id is null`,
      [hash, Fleet.subsPerTop],
    );
    await client.query(
      `insert into agent_cards (agent_id, card_type, balance, enabled)
       select a.id, c, 10000000, true from agents a cross join generate_series(0, 7) c where a.path like 'zb%'`,
    );
    // Companies round-robin over the 22 agents.
    await client.query(
      `with owners as (select id, path, row_number() over (order by id) - 1 as k,
                              count(*) over () as total from agents where path like 'zb%')
       insert into orgs (agent_id, agent_path, name, account, password_hash, openid)
       select o.id, o.path, 'BenchOrg' || n, 'benchorg' || n, $1, md5(random()::text || n)
       from generate_series(0, $2 - 1) n join owners o on o.k = n % o.total`,
      [hash, Fleet.orgs],
    );
    await client.query(
      `with companies as (select id, agent_path, row_number() over (order by id) - 1 as k
                          from orgs where agent_path like 'zb%')
       insert into terminals (ssid, name, org_id, agent_path, intercom_pwd_hash, voice_expires)
       select lpad((870000000000000 + n)::text, 15, '0'), 'Unit' || n, c.id, c.agent_path, $1,
              current_date + 365
       from generate_series(0, $2 - 1) n join companies c on c.k = n % ${Fleet.orgs}`,
      [hash, terminals],
    );
    await client.query('commit');
    await client.query('analyze');
    log(
      `  seeded ${terminals.toLocaleString('en')} terminals in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
