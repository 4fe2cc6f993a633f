import type { AddressInfo } from 'node:net';
import { api, Code, type Endpoint, Messages } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { puzzles } from '../../apps/server/src/db/schema.ts';
import { readConfig } from '../../apps/server/src/env.ts';
import { sha256 } from '../../apps/server/src/lib/crypto.ts';
import { settings } from './config.ts';

export type Params = Record<string, string | number>;
export type Session = { access_token: string; openid: string };

/** An endpoint's path with its parameters in the query. */
export const pathOf = (e: Endpoint, params: Params = {}) =>
  `${e.path}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

const address = (server: { address(): AddressInfo | string | null }) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** The real server on a PostgreSQL database, listening on a free port (migrations run at start). */
export async function startApi(databaseUrl: string) {
  const config = readConfig({
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(settings.poolSize),
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    // A daily reminder run in the middle of a measurement would be counted against it.
    REMINDER_HOUR: 'off',
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: !!process.env.BENCH_LOG });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = address(app.server);

  /** One call with its parameters in the query, as the web app sends them; the JSON body when given. */
  const get = async (e: Endpoint, params: Record<string, string | number> = {}, body?: unknown) => {
    const res = await fetch(`${url}${pathOf(e, params)}`, {
      method: e.method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    return (await res.json()) as { code: number; msg: { en: string }; data: never };
  };

  /** Signs in the way a person does: a puzzle, its answer (read where the server keeps it), then login. */
  const login = async (role: 0 | 1, username: string, password: string) => {
    const p = await get(api.auth.getImg);
    const token = (p.data as { token: string }).token;
    const [row] = await database.db
      .select()
      .from(puzzles)
      .where(eq(puzzles.tokenHash, sha256(token)));
    await get(api.auth.verifyImageCode, { token, x: row.x });
    const res = await get(api.auth.accessToken, { user_type: role, username, password, token, x: row.x });
    if (res.code !== Code.ok) throw new Error(`login ${username}: ${res.msg.en}`);
    const data = res.data as { access_token: string; openid: string };
    return { access_token: data.access_token, openid: data.openid } as Session;
  };

  return {
    url,
    db: database.db,
    get,
    login,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
export type Api = Awaited<ReturnType<typeof startApi>>;

/**
 * The references, on the same machine and in the same run: a bare Fastify route answering the success
 * envelope, and the floor, a route that runs one `select 1` on a pool of the server's size against the
 * same PostgreSQL (the least any call that reads the database can cost).
 */
export async function startReferences(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: settings.poolSize });
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ code: Code.ok, msg: Messages.ok, data: 1 }));
  app.get('/floor', async () => {
    const { rows } = await pool.query('select 1 as one');
    return { code: Code.ok, msg: Messages.ok, data: rows[0].one as number };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address(app.server),
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
