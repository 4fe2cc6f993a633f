import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { api, type DataOf, type Endpoint, type Envelope } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { puzzles } from '../../apps/server/src/db/schema.ts';
import { readConfig } from '../../apps/server/src/env.ts';
import { sha256 } from '../../apps/server/src/lib/crypto.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';

/**
 * Several server processes on one PostgreSQL database, as a deployment runs them: the database is the
 * test's own (made on TEST_DATABASE_URL's server and dropped after), each instance a `main.ts` of its own.
 */

const mainTs = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A free TCP port of the loopback. */
export async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as { port: number };
  s.close();
  await once(s, 'close');
  return port;
}

export interface SharedDatabase {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

/** A new database with the migrations and the demo, and a connection of the test's own to it. */
export async function sharedDatabase(admin: string): Promise<SharedDatabase> {
  const name = `ptt_e2e_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase(
    readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4', SEED_DEMO: 'false' }),
  );
  await seedDemo(database.db);
  return {
    url,
    database,
    drop: async () => {
      await database.close();
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

export interface Instance {
  port: number;
  url: string;
  process: ChildProcess;
  /** What the process wrote (warnings and errors only: LOG_LEVEL is warn). */
  output(): string;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts a server process on `port` and resolves once its /readyz answers 200. Its start compiles the
 * server's sources and checks the migrations, which on a loaded machine can take minutes: the bound is
 * for an instance that never gets ready, not a measure of how fast one does.
 */
export async function startInstance(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_SECONDS: '10',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited at start: ${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance on ${port} not ready in 5 minutes: ${out}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    await sleep(100);
  }
  return {
    port,
    url,
    process: child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Whether a request never reached an instance's handler: refused, or answered 503 while it closes. */
const notServed = (err: unknown) => {
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
};

/**
 * Sends each request to the instances in turn, as a load balancer would; one that is down (refused)
 * or closing (503) is skipped for the next. Other failures are thrown: the request may or may not have
 * been served, and is not acknowledged.
 */
export class Balancer {
  private turn = 0;
  constructor(readonly bases: string[]) {}

  readonly fetch = async (path: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let last: unknown;
    for (let tries = 0; tries < this.bases.length * 20; tries++) {
      const base = this.bases[this.turn++ % this.bases.length];
      try {
        const res = await fetch(`${base}${String(path)}`, init);
        if (res.status !== 503) return res;
        await res.body?.cancel();
        last = new Error(`503 from ${base}`);
      } catch (err) {
        if (!notServed(err)) throw err;
        last = err;
      }
      if (tries % this.bases.length === this.bases.length - 1) await sleep(50);
    }
    throw last;
  };
}

export type Send = (path: string, init?: RequestInit) => Promise<Response>;

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();

/** A contract endpoint's call the way the web app sends it (parameters in the query string). */
export async function call<E extends Endpoint>(
  send: Send,
  e: E,
  params: Record<string, unknown> = {},
): Promise<Envelope<DataOf<E>>> {
  const res = await send(`${e.path}?${query(params)}`, { method: e.method });
  if (res.status !== 200) throw new Error(`${e.path} answered HTTP ${res.status}`);
  return (await res.json()) as Envelope<DataOf<E>>;
}

export type Session = {
  access_token: string;
  openid: string;
};

/** The whole login of a console: puzzle, the slide to its answer (read from `db`), password. */
export async function login(
  send: Send,
  db: Database['db'],
  role: 0 | 1,
  username: string,
  password: string,
): Promise<Session> {
  const p = await call(send, api.auth.getImg);
  const [row] = await db
    .select()
    .from(puzzles)
    .where(eq(puzzles.tokenHash, sha256(p.data.token)));
  const v = await call(send, api.auth.verifyImageCode, { token: p.data.token, x: row.x });
  if (v.code !== 20001) throw new Error(`puzzle: ${v.msg.en}`);
  const res = await call(send, api.auth.accessToken, {
    user_type: role,
    username,
    password,
    token: p.data.token,
    x: row.x,
  });
  if (res.code !== 20001) throw new Error(`login ${username}: ${res.msg.en}`);
  return { access_token: res.data.access_token, openid: res.data.openid };
}

export interface StreamEvent {
  id: number;
  event: string;
  data: unknown;
}

/**
 * A console's event stream as the browser's EventSource keeps it: when the stream ends it waits the
 * last retry hint and reconnects (through `send`, so to whichever instance takes it) with the last id it
 * saw as Last-Event-ID.
 */
export class ReconnectingStream {
  readonly events: StreamEvent[] = [];
  /** How many times the stream was opened, and the retry hints it was given. */
  connects = 0;
  readonly retries: number[] = [];
  private retry = 3000;
  private lastId: number | undefined;
  private stopped = false;
  private abort = new AbortController();
  private readonly opened: Promise<void>;
  private markOpen: () => void = () => {};

  constructor(
    private readonly send: Send,
    private readonly params: Record<string, string>,
  ) {
    this.opened = new Promise((r) => {
      this.markOpen = r;
    });
    void this.run();
  }

  /** Resolves once the first connection's headers are in. */
  open() {
    return this.opened;
  }

  private async run() {
    while (!this.stopped) {
      try {
        const headers: Record<string, string> = {};
        if (this.lastId !== undefined) headers['last-event-id'] = String(this.lastId);
        const res = await this.send(`/v1/events/stream?${new URLSearchParams(this.params)}`, {
          headers,
          signal: this.abort.signal,
        });
        if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body)
          throw new Error(`stream refused: HTTP ${res.status}`);
        this.connects++;
        this.markOpen();
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            this.block(buffer.slice(0, i));
            buffer = buffer.slice(i + 2);
          }
        }
      } catch {
        // Ended by the instance, or not reached: come back after the hint, as a browser would.
      }
      if (!this.stopped) await sleep(this.retry);
    }
  }

  private block(text: string) {
    const m: Partial<StreamEvent> = {};
    for (const line of text.split('\n')) {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      const field = line.slice(0, i);
      const value = line.slice(i + 1).replace(/^ /, '');
      if (field === 'id') m.id = Number(value);
      else if (field === 'event') m.event = value;
      else if (field === 'data') m.data = JSON.parse(value);
      else if (field === 'retry') {
        this.retry = Number(value);
        this.retries.push(this.retry);
      }
    }
    if (m.id !== undefined) {
      this.lastId = m.id;
      this.events.push(m as StreamEvent);
    }
  }

  /** Resolves once an event that `match` accepts has arrived. */
  async until(match: (e: StreamEvent) => boolean, ms = 5000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching event in ${ms} ms; got ${JSON.stringify(this.events.slice(-5))}`);
      await sleep(20);
    }
  }

  close() {
    this.stopped = true;
    this.abort.abort();
  }
}
