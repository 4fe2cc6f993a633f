import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { api, type DataOf, type Endpoint, type Envelope } from '@ptt/contract';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { puzzles } from '../src/db/schema.ts';
import { type Config, readConfig } from '../src/env.ts';
import { sha256 } from '../src/lib/crypto.ts';
import * as agents from '../src/modules/agent/service.ts';
import * as orgs from '../src/modules/org/service.ts';
import { seedDemo } from '../src/seed/demo.ts';

type Backend = 'pglite' | 'postgres';
const postgresConfigured = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The backend of an integration test whose SQL is the same on both: PostgreSQL when TEST_DATABASE_URL is
 * set (production's database), PGlite otherwise (the embedded default).
 */
export const backends: Backend[] = postgresConfigured ? ['postgres'] : ['pglite'];

/**
 * Where the two differ — migrations and their upgrade, partitions, statement triggers, one connection
 * against a pool under concurrent writers, notifications across instances — a test runs on both.
 */
export const bothBackends: Backend[] = ['pglite', ...(postgresConfigured ? (['postgres'] as const) : [])];

export interface Session {
  access_token: string;
  openid: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The app's configuration: a second instance on the same database opens it again. */
  config: Config;
  /** Sends a contract endpoint's call the way the web app does (query string for GET and POST). */
  call<E extends Endpoint>(
    e: E,
    params?: Record<string, unknown>,
    session?: Session,
    headers?: Record<string, string>,
  ): Promise<Envelope<DataOf<E>>>;
  /** A call with a JSON body besides its query (terminal/batch). */
  callBody<E extends Endpoint>(
    e: E,
    params: Record<string, unknown>,
    body: unknown,
    session?: Session,
    headers?: Record<string, string>,
  ): Promise<Envelope<DataOf<E>>>;
  /** The whole login flow: puzzle, a slide to the stored answer, then access_token. */
  login(role: 0 | 1, username: string, password: string): Promise<Session>;
  /** Empties every table and seeds the demo again. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();

/** The role the server connects as in `serverRole` tests: it owns nothing (DESIGN §8). */
export const serverRoleName = 'ptt_test_server';

/** Makes the server's role once in the cluster (roles are not per database); two files at once may race. */
async function ensureServerRole(client: pg.Client) {
  const found = await client.query('select 1 from pg_roles where rolname = $1', [serverRoleName]);
  if (found.rowCount) return;
  try {
    await client.query(`create role ${serverRoleName} login password '${serverRoleName}'`);
  } catch (e) {
    if ((e as { code?: string }).code !== '23505' && (e as { code?: string }).code !== '42710') throw e;
  }
}

/**
 * A new database for one test app, made by TEST_DATABASE_URL's role, which owns it, as a copy of the
 * run's migrated and seeded demo (database-template.ts). With `serverRole` the app connects as a role that
 * owns nothing and the migrations run as the owner (DATABASE_OWNER_URL), which grants it its rights.
 */
async function freshPostgres(
  serverRole: boolean,
): Promise<{ url: string; ownerUrl?: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `ptt_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name} template ${inject('postgresTemplate')}`);
  if (serverRole) await ensureServerRole(client);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const server = new URL(url);
  server.username = serverRoleName;
  server.password = serverRoleName;
  return {
    ...(serverRole ? { url: server.toString(), ownerUrl: url.toString() } : { url: url.toString() }),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * `env` adds configuration (a recordings directory of the test's own, say); `options` the app's seams, and
 * on PostgreSQL `serverRole`: the server connects as a role that owns nothing, as in production.
 */
export async function startTestApp(
  backend: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'pushNetwork' | 'sweepOnTimer'> & { serverRole?: boolean } = {},
): Promise<TestApp> {
  // TEST_DATABASE_SERVER_ROLE=1 runs every PostgreSQL test app as the server's role.
  const { serverRole = process.env.TEST_DATABASE_SERVER_ROLE === '1', ...seams } = options;
  const pgdb = backend === 'postgres' ? await freshPostgres(serverRole) : undefined;
  const config = readConfig({
    DATABASE_URL: pgdb?.url ?? 'memory://',
    ...(pgdb?.ownerUrl && { DATABASE_OWNER_URL: pgdb.ownerUrl }),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Tests run the reminders themselves, at the time they choose.
    REMINDER_HOUR: 'off',
    ...env,
  });
  // The copy has the migrations applied and the demo seeded: opening it finds nothing left to apply.
  const database = await openDatabase(
    config,
    pgdb ? {} : { loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) },
  );
  const app = await buildApp({ config, database, logger: false, ...seams });

  const call: TestApp['call'] = async (e, params = {}, session, headers) => {
    const res = await app.inject({
      method: e.method,
      url: `${e.path}?${query({ ...params, ...session })}`,
      headers,
    });
    if (res.statusCode !== 200) throw new Error(`${e.path} answered HTTP ${res.statusCode}: ${res.body}`);
    return res.json();
  };

  const callBody: TestApp['callBody'] = async (e, params, body, session, headers) => {
    const res = await app.inject({
      method: e.method,
      url: `${e.path}?${query({ ...params, ...session })}`,
      payload: body as object,
      headers,
    });
    if (res.statusCode !== 200) throw new Error(`${e.path} answered HTTP ${res.statusCode}: ${res.body}`);
    return res.json();
  };

  const login: TestApp['login'] = async (role, username, password) => {
    const p = await call(api.auth.getImg);
    const [row] = await database.db
      .select()
      .from(puzzles)
      .where(eq(puzzles.tokenHash, sha256(p.data.token)));
    const v = await call(api.auth.verifyImageCode, { token: p.data.token, x: row.x });
    if (v.code !== 20001) throw new Error(`puzzle: ${v.msg.en}`);
    const res = await call(api.auth.accessToken, {
      user_type: role,
      username,
      password,
      token: p.data.token,
      x: row.x,
    });
    if (res.code !== 20001) throw new Error(`login ${username}: ${res.msg.en}`);
    return { access_token: res.data.access_token, openid: res.data.openid };
  };

  const reset = async () => {
    const names = (Object.values(schema) as unknown[])
      .filter((t): t is PgTable => is(t, PgTable))
      .map((t) => `"${getTableName(t)}"`)
      .filter((n) => n !== '"audit_log"')
      .join(', ');
    // Emptying tables is the owner's (the server's role may not truncate).
    await database.owner.execute(sql.raw(`truncate ${names} restart identity cascade`));
    // The audit log refuses TRUNCATE by trigger; tests' owners are superusers, who may switch triggers off.
    await database.owner.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`truncate audit_log restart identity`);
    });
    await seedDemo(database.db);
  };

  return {
    app,
    database,
    config,
    call,
    callBody,
    login,
    reset,
    close: async () => {
      await app.close();
      await database.close();
      await pgdb?.drop();
    },
  };
}

/**
 * A second top-level agent (agent02 / agent123) with its company (company02 / company123): the tenant
 * whose records the demo accounts must never see or touch.
 */
export async function addOtherTenant(t: TestApp) {
  const agent = await agents.createTopLevelAgent(t.database.db, {
    name: 'OtherAgent',
    account: 'agent02',
    password: 'agent123',
  });
  const org = await orgs.createOrg(t.database.db, agent.id, {
    name: 'OtherCompany',
    account: 'company02',
    password: 'company123',
  });
  return { agent, org };
}

/** The demo's accounts, and those of `addOtherTenant` (company02, agent02), by the name tests give them. */
const accountsByName = {
  top: [0, 'agent01', 'agent123'],
  sub: [0, 'subagent01', 'agent123'],
  company: [1, 'company01', 'company123'],
  other: [1, 'company02', 'company123'],
  otherAgent: [0, 'agent02', 'agent123'],
} as const;

/** Logs in the named accounts, one after the other. */
export async function loginAs<K extends keyof typeof accountsByName>(
  t: TestApp,
  ...names: K[]
): Promise<Record<K, Session>> {
  const sessions = {} as Record<K, Session>;
  for (const name of names) {
    const [role, account, password] = accountsByName[name];
    sessions[name] = await t.login(role, account, password);
  }
  return sessions;
}

/**
 * Starts a suite's test app in beforeAll, signs in the named accounts, and closes the app in afterAll. The
 * app and the sessions it returns are filled before the suite's own beforeAll and tests run; `timeout` is
 * the start's, `closeTimeout` the close's.
 */
export function useTestApp<K extends keyof typeof accountsByName = never>(
  backend: Backend,
  setup: {
    env?: Record<string, string>;
    options?: Parameters<typeof startTestApp>[2];
    sessions?: K[];
    timeout?: number;
    closeTimeout?: number;
  } = {},
): { t: TestApp } & Record<K, Session> {
  let started: TestApp | undefined;
  const t = new Proxy({} as TestApp, {
    get: (_, key) => {
      if (!started) throw new Error('the test app starts in beforeAll');
      return Reflect.get(started, key);
    },
  });
  const sessions = {} as Record<K, Session>;
  for (const name of setup.sessions ?? []) sessions[name] = { access_token: '', openid: '' };
  beforeAll(async () => {
    started = await startTestApp(backend, setup.env, setup.options);
    const signedIn = await loginAs(started, ...(setup.sessions ?? []));
    for (const name of setup.sessions ?? []) Object.assign(sessions[name], signedIn[name]);
  }, setup.timeout);
  afterAll(() => started?.close(), setup.closeTimeout);
  return { t, ...sessions };
}
