import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { readConfig } from './env.ts';
import { DemoAccounts, seedDemo } from './seed/demo.ts';

const config = readConfig();
const database = await openDatabase(config);
// A person at a terminal reads lines; a log collector reads JSON.
const app = await buildApp({ config, database, logger: process.stdout.isTTY ? 'pretty' : true });

const seeded = config.SEED_DEMO && (await seedDemo(database.db, { dataDir: config.DATA_DIR, dueSoon: true }));
if (seeded) app.log.info('demo data seeded');

await app.listen({ port: config.PORT, host: config.HOST });
if (config.SEED_DEMO) {
  const lines = DemoAccounts.map((a) => `  ${a.role.padEnd(18)} ${a.account} / ${a.password}`);
  console.log(
    `\nPTT Console is running on http://localhost:${config.PORT}\nDemo accounts:\n${lines.join('\n')}\n`,
  );
}

let closing = false;
/**
 * A graceful stop (a deploy, a rolling restart): report not ready and end the event streams with a
 * retry hint (consoles reconnect to another instance and replay what they missed), stop taking
 * connections and let the requests in flight finish for up to SHUTDOWN_GRACE_SECONDS, then close the
 * pool. A second signal stops at once.
 */
const shutdown = async (signal: string) => {
  if (closing) process.exit(1);
  closing = true;
  app.log.info({ signal, graceSeconds: config.SHUTDOWN_GRACE_SECONDS }, 'draining');
  app.drain();
  const closed = app.close();
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), config.SHUTDOWN_GRACE_SECONDS * 1000);
  });
  if ((await Promise.race([closed, graceOver])) === 'late') {
    app.log.warn('requests still in flight at the end of the grace period: their connections are cut');
    app.server.closeAllConnections();
  }
  clearTimeout(timer);
  await closed;
  await database.close();
  app.log.info('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
