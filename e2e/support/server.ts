import { createWriteStream } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { puzzles, sessions, smsOutbox } from '../../apps/server/src/db/schema.ts';
import { readConfig } from '../../apps/server/src/env.ts';
import { artifacts } from './browser.ts';
import { demoDatabase } from './database.ts';

/**
 * The real server with the built web app, on an in-memory database seeded with the demo (support/database.ts).
 * Its log (every request, with its time) goes to the artifacts as `server-<spec file>.log`, beside a
 * failure's pages.
 */
export async function startServer() {
  const config = readConfig({
    DATABASE_URL: 'memory://',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    REMINDER_HOUR: 'off',
  });
  const database = await demoDatabase();
  const spec = basename(process.argv[process.argv.length - 1] ?? 'spec').replace(/\.spec\.ts$/, '');
  const logStream = createWriteStream(`${artifacts}server-${spec}.log`);
  const app = await buildApp({ config, database, logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const db = database.db;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    /** The answer of the puzzle the page fetched last (tests read it as a person sees the hole). */
    lastPuzzleX: async () =>
      (await db.select().from(puzzles).orderBy(desc(puzzles.expiresAt)).limit(1))[0]?.x,
    /** The 4-digit code of the latest SMS the default provider wrote to the outbox. */
    lastSmsCode: async () => {
      const [row] = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(1);
      return /\b(\d{4})\b/.exec(row?.text ?? '')?.[1];
    },
    /** Runs the daily reminders now (their schedule is off here). */
    reminders: () => app.reminders(),
    /** Makes every live session expire, as time would. */
    expireSessions: () =>
      db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.role, 0)),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
export type TestServer = Awaited<ReturnType<typeof startServer>>;
