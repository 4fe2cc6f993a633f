import { api } from '@ptt/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { agents, terminals } from '../../apps/server/src/db/schema.ts';
import { createOrg } from '../../apps/server/src/modules/org/service.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { settings } from './config.ts';
import { pathOf, startApi } from './server.ts';

/**
 * npm run bench:export: the server's memory while it streams a list of BENCH_EXPORT_ROWS users (100 000
 * by default) as CSV and as XLSX, on PostgreSQL. The file is read and dropped as it arrives, as a
 * browser saving it would; the resident memory of the process (server and reader) is sampled every
 * 20 ms and reported against the memory before the export. Its database, BENCH_DATABASE_PREFIX + export,
 * is made afresh on each run.
 */
const rows = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const name = `${settings.databasePrefix}export`;
const url = settings.adminUrl.replace(/\/[^/]*$/, `/${name}`);

const admin = new pg.Client({ connectionString: settings.adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();

const server = await startApi(url);
await seedDemo(server.db);
const [agent] = await server.db.select().from(agents).where(eq(agents.account, 'agent01'));
const org = await createOrg(server.db, agent.id, {
  name: 'Export_Fleet',
  account: 'exportfleet',
  password: 'company123',
});
await server.db.execute(sql`
  insert into ${terminals} (ssid, name, org_id, agent_path, intercom_pwd_hash, voice_expires)
  select (860000000000000 + g)::text, '出口车队 ' || g, ${org.id}, ${org.agentPath}, 'x', current_date + 365
  from generate_series(1, ${rows}) g`);
await server.db.execute(sql`analyze`);
const [count] = await server.db
  .select({ n: sql<number>`count(*)::int` })
  .from(terminals)
  .where(eq(terminals.orgId, org.id));
const session = await server.login(0, 'agent01', 'agent123');

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
for (const format of ['csv', 'xlsx'] as const) {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const res = await fetch(
    `${server.url}${pathOf(api.terminal.export, { orgId: org.id, format, lang: 'cn', ...session })}`,
  );
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const took = performance.now() - started;
  clearInterval(sampler);
  console.log(
    `${format}: ${count.n} rows, ${mb(bytes)} MB in ${(took / 1000).toFixed(1)} s; resident memory ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
  );
}
await server.close();
process.exit(0);
