import { execFile } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../env.ts';

const run = promisify(execFile);

/**
 * Backups of both stores. PostgreSQL: pg_dump's custom format (compressed, restored by pg_restore),
 * taken while the instances run (one consistent snapshot). The embedded PGlite: its data directory as a
 * gzipped tar (dumpDataDir), taken while no server has it open (it is one process's store).
 */
export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>;

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** The connection as libpq's variables, so the password is not on a command line others can list. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(u.hostname) || 'localhost',
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const ssl = u.searchParams.get('sslmode');
  if (ssl) env.PGSSLMODE = ssl;
  return env;
}

/** pg_dump must be of the server's major version or newer: an older one refuses to dump. */
async function checkClient(url: string, tool: 'pg_dump' | 'pg_restore') {
  let version: string;
  try {
    version = (await run(tool, ['--version'])).stdout;
  } catch {
    throw new Error(
      `${tool} is not installed: install the postgresql-client package of the server's version`,
    );
  }
  const client = Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1]);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const server = Math.floor(
      Number((await c.query('show server_version_num')).rows[0].server_version_num) / 10000,
    );
    if (client < server)
      throw new Error(
        `${tool} ${client} is older than the PostgreSQL ${server} server: install postgresql-client-${server}`,
      );
  } finally {
    await c.end();
  }
}

/** The tables of a database's public schema: a restore goes into a database that has none. */
async function tablesIn(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      "select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')",
    );
    return r.rows[0].n as number;
  } finally {
    await c.end();
  }
}

const pgliteDir = (config: BackupConfig) => join(config.DATA_DIR, 'pglite');

/**
 * Makes `file` empty and readable by its owner only (0600), before any byte is written: a backup holds
 * every account's password hash and every phone number. An existing file keeps no wider mode.
 */
function ownerOnly(file: string) {
  closeSync(openSync(file, 'w', 0o600));
  chmodSync(file, 0o600);
}

/** Writes the backup of the configured database to `file`; returns what it wrote. */
export async function backup(config: BackupConfig, file: string): Promise<string> {
  const url = config.DATABASE_URL;
  if (isPostgres(url)) {
    await checkClient(url, 'pg_dump');
    // pg_dump truncates the file it is given and keeps its mode.
    ownerOnly(file);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], {
      env: libpqEnv(url),
      maxBuffer: 16 * 1024 * 1024,
    });
    return `PostgreSQL database ${libpqEnv(url).PGDATABASE} dumped to ${file}`;
  }
  if (url.startsWith('memory://')) throw new Error('an in-memory database has nothing to back up');
  const dir = pgliteDir(config);
  if (!existsSync(dir)) throw new Error(`no database in ${dir}`);
  const db = new PGlite(dir, { extensions: { pg_trgm, btree_gin } });
  try {
    // Dumping before the database has started never settles.
    await db.waitReady;
    const tar = await db.dumpDataDir('gzip');
    ownerOnly(file);
    writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
  } finally {
    await db.close();
  }
  return `embedded database in ${dir} dumped to ${file}`;
}

/**
 * Restores `file` into the configured database, which must be new: an empty PostgreSQL database
 * (createdb) or a DATA_DIR without a database. The instances then start on it as usual (migrations a
 * newer version adds are applied at start).
 */
export async function restore(config: BackupConfig, file: string): Promise<string> {
  if (!existsSync(file)) throw new Error(`no file ${file}`);
  const data = readFileSync(file);
  const url = config.DATABASE_URL;
  if (isPostgres(url)) {
    if (data.subarray(0, 5).toString('latin1') !== 'PGDMP')
      throw new Error(
        `${file} is not a PostgreSQL backup (npm run ptt -- backup with DATABASE_URL=postgres://…)`,
      );
    if ((await tablesIn(url)) > 0)
      throw new Error(
        `database ${libpqEnv(url).PGDATABASE} is not empty: restore into a new database (createdb)`,
      );
    await checkClient(url, 'pg_restore');
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${libpqEnv(url).PGDATABASE}`,
        file,
      ],
      { env: libpqEnv(url), maxBuffer: 16 * 1024 * 1024 },
    );
    return `${file} restored into PostgreSQL database ${libpqEnv(url).PGDATABASE}`;
  }
  if (url.startsWith('memory://')) throw new Error('restore into DATA_DIR, not an in-memory database');
  if (data[0] !== 0x1f || data[1] !== 0x8b)
    throw new Error(`${file} is not a backup of the embedded database (a gzipped data directory)`);
  const dir = pgliteDir(config);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`${dir} already holds a database: restore into a new DATA_DIR`);
  mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir, {
    extensions: { pg_trgm, btree_gin },
    loadDataDir: new Blob([new Uint8Array(data)]),
  });
  await db.waitReady;
  await db.close();
  return `${file} restored into ${dir}`;
}
