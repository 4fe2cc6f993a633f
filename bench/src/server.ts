import type { AddressInfo } from 'node:net';
import { api, Code, type Endpoint, Messages } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { puzzles } from '../../apps/server/src/db/schema.ts';
import { readConfig } from '../../apps/server/src/env.ts';
import { sha256 } from '../../apps/server/src/lib/crypto.ts';

const address = (server: { address(): AddressInfo | string | null }) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** The real server on a PostgreSQL database, listening on a free port (migrations run at start). */
export async function startApi(databaseUrl: string) {
  const config = readConfig({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = address(app.server);

  const get = async (e: Endpoint, params: Record<string, string | number> = {}) => {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await fetch(`${url}${e.path}?${query}`, { method: e.method });
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
    return { access_token: data.access_token, openid: data.openid };
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

/** The ceiling: a bare Fastify route answering the success envelope, on the same machine and run. */
export async function startBare() {
  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ code: Code.ok, msg: Messages.ok, data: 1 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address(app.server)}/ping`, close: () => app.close() };
}
