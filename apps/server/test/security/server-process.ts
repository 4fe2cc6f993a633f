import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, type Endpoint } from '@ptt/contract';
import pg from 'pg';
import { sha256 } from '../../src/lib/crypto.ts';
import type { Session } from '../harness.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** These suites need PostgreSQL; without TEST_DATABASE_URL vitest lists them as skipped. */
export const needsPostgres = !process.env.TEST_DATABASE_URL;

/** A database of its own on the test server, named after the suite, dropped by `drop`. */
export async function createDatabase(suite: string) {
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `ptt_${suite}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // A connection still closing when `drop` forces the database's connections off reports that on the
  // pool; without a listener that report would be an unhandled error event.
  pool.on('error', () => {});
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Sends a signal and waits until the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `src/main.ts` as its own process on a free port against a database, and waits until it answers. */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ptt-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr.slice(-2000)}`);
    try {
      const res = await fetch(`${url}${api.auth.getAppInfo.path}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    child,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const toQuery = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();

// biome-ignore lint/suspicious/noExplicitAny: the data differs per endpoint; tests read the fields they need
type HttpAnswer = { code: number; msg: { en: string }; data: any };

/** A call over HTTP, the envelope parsed; a JSON body when given. */
export async function httpCall(
  base: string,
  e: Endpoint,
  params: Record<string, unknown> = {},
  session?: Session,
  body?: unknown,
): Promise<HttpAnswer> {
  const res = await fetch(`${base}${e.path}?${toQuery({ ...params, ...session })}`, {
    method: e.method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return (await res.json()) as HttpAnswer;
}

/** The answer of a fresh puzzle, read from the database the way only a test can. */
export async function solvedPuzzle(base: string, pool: pg.Pool) {
  const p = await httpCall(base, api.auth.getImg);
  const { rows } = await pool.query('select x from puzzles where token_hash = $1', [sha256(p.data.token)]);
  return { token: p.data.token as string, x: rows[0].x as number };
}

/** The whole login over HTTP: puzzle, slide, credentials. */
export async function httpLogin(
  base: string,
  pool: pg.Pool,
  role: 0 | 1,
  username: string,
  password: string,
  verifyOn = base,
): Promise<Session> {
  const p = await solvedPuzzle(base, pool);
  const v = await httpCall(verifyOn, api.auth.verifyImageCode, p);
  if (v.code !== 20001) throw new Error(`puzzle: ${v.msg.en}`);
  const res = await httpCall(verifyOn, api.auth.accessToken, { user_type: role, username, password, ...p });
  if (res.code !== 20001) throw new Error(`login ${username}: ${res.msg.en}`);
  return { access_token: res.data.access_token, openid: res.data.openid };
}
