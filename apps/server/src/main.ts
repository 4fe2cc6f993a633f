import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { readConfig } from './env.ts';
import { DemoAccounts, seedDemo } from './seed/demo.ts';

const config = readConfig();
const database = await openDatabase(config);
// A person at a terminal reads lines; a log collector reads JSON.
const app = await buildApp({ config, database, logger: process.stdout.isTTY ? 'pretty' : true });

const seeded = config.SEED_DEMO && (await seedDemo(database.db, { dataDir: config.DATA_DIR }));
if (seeded) app.log.info('demo data seeded');

await app.listen({ port: config.PORT, host: config.HOST });
if (config.SEED_DEMO) {
  const lines = DemoAccounts.map((a) => `  ${a.role.padEnd(18)} ${a.account} / ${a.password}`);
  console.log(
    `\nPTT Console is running on http://localhost:${config.PORT}\nDemo accounts:\n${lines.join('\n')}\n`,
  );
}

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
