import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../env.ts';
import { grantServerRole } from './grants.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services open it and hand it to repositories (and to other services). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: what repositories accept. */
export type Conn = Db | Tx;

/**
 * Lets this transaction's commit return before its WAL reaches disk (PostgreSQL's asynchronous
 * commit): a crash of the database may lose its last fraction of a second, never half of it. For
 * telemetry only, where the next report carries the same news (docs/decisions.md).
 */
export const commitWithoutWaiting = (tx: Tx) => tx.execute(sql`set local synchronous_commit = off`);

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The server's connection: with DATABASE_OWNER_URL, a role that owns nothing (DESIGN §8). */
  db: Db;
  /**
   * The owner's connection, for what changes the schema: partition upkeep (migrations and grants ran at
   * opening). The same as `db` without DATABASE_OWNER_URL.
   */
  owner: Db;
  /**
   * Calls `fn` on each notification of `channel` (LISTEN), and once more whenever the listening
   * connection is opened again after a drop, since notifications sent meanwhile are lost. Resolves to
   * the function that stops listening.
   */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** PostgreSQL extensions the migrations create, which PGlite loads only when asked. */
const extensions = { pg_trgm, btree_gin };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** What opening the database reads of the configuration. */
export type DatabaseConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'> &
  Partial<Pick<Config, 'DATABASE_OWNER_URL'>>;

const poolOf = (url: string, max: number) => {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client whose connection drops (server restart, admin kill) is replaced on next use;
  // without a listener the pool's error event would end the process.
  pool.on('error', () => {});
  return pool;
};

/**
 * Opens the database the configuration names: postgres://… (a pool of DATABASE_POOL_SIZE
 * connections), memory:// (PGlite in memory) or nothing (PGlite in DATA_DIR/pglite), and applies the
 * committed migrations. With DATABASE_OWNER_URL the migrations run as the owner, which then grants
 * DATABASE_URL's role what the server does (db/grants.ts), and keeps two connections for partition upkeep.
 */
export async function openDatabase(
  config: DatabaseConfig,
  /** For memory://: a data directory (from PGlite's `dumpDataDir`) the database starts as a copy of. */
  { loadDataDir }: { loadDataDir?: Blob } = {},
): Promise<Database> {
  const { DATABASE_URL: url, DATA_DIR: dataDir, DATABASE_POOL_SIZE: poolSize } = config;
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = poolOf(url, poolSize);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const ownerPool = config.DATABASE_OWNER_URL ? poolOf(config.DATABASE_OWNER_URL, 2) : undefined;
    const owner = ownerPool ? (drizzlePg(ownerPool, { schema }) as unknown as Db) : db;
    try {
      await migratePg(owner as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
      if (ownerPool) {
        const [{ role }] = (await pool.query<{ role: string }>('select current_user as role')).rows;
        await grantServerRole(owner, role);
      }
    } catch (e) {
      await Promise.all([pool.end(), ownerPool?.end()]);
      throw e;
    }
    return {
      kind: 'postgres',
      db,
      owner,
      listen: (channel, fn) => listenPostgres(url, channel, fn),
      close: async () => {
        await Promise.all([pool.end(), ownerPool?.end()]);
      },
    };
  }
  let client: PGlite;
  if (url.startsWith('memory://')) {
    client = new PGlite({ extensions, loadDataDir });
  } else {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    owner: db as unknown as Db,
    listen: (channel, fn) => client.listen(channel, fn),
    close: () => client.close(),
  };
}

/** How long a listening connection that dropped waits before it connects again. */
const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries and lose it), opened
 * again after a drop (a restart of the database, an administrator's kill) until stopped.
 */
async function listenPostgres(url: string, channel: string, fn: (payload: string) => void) {
  let current: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const retry = (c: pg.Client) => {
    if (stopped || current !== c) return;
    current = undefined;
    c.end().catch(() => {});
    timer = setTimeout(connect, RELISTEN_MS);
  };
  async function connect() {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    current = c;
    c.on('notification', (m) => {
      if (m.channel === channel) fn(m.payload ?? '');
    });
    c.on('error', () => retry(c));
    c.on('end', () => retry(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      fn('');
    } catch {
      retry(c);
    }
  }
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = current;
    current = undefined;
    await c?.end().catch(() => {});
  };
}
