import { api, Code, type Endpoint } from '@ptt/contract';
import { business } from './business.ts';
import { lighthouseScores, type Scores } from './lighthouse.ts';
import { type Load, load } from './load.ts';
import { benchPassword, benchTop, ensureDatabase, seedFleet } from './seed.ts';
import { type Api, startApi, startBare } from './server.ts';
import { pageFetches, routeSizes } from './web.ts';

/**
 * npm run bench: the DESIGN §7 budgets measured on this machine. BENCH_DATABASE_URL names the
 * PostgreSQL server (a database per fleet size is created there and kept for the next run),
 * BENCH_SECONDS the length of each load, BENCH_SIZES the fleet sizes, BENCH_LIGHTHOUSE_RUNS how many
 * times each page is audited (its median run is reported; five by default, the number Lighthouse's own
 * notes on variability suggest, as its scores on one build move by ten points here from run to run).
 */
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const sizes = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const log = (line: string) => console.log(line);

const Budget = {
  loginKb: 140,
  routeKb: 35,
  shareOfBare: 0.2,
  p99Ms: 25,
  pageGrowth: 1.5,
  batchMs: 150,
  salesPerSecond: 500,
  lighthousePerformance: 98,
  lighthouseAccessibility: 95,
};

const calls: {
  name: string;
  endpoint: Endpoint;
  params?: Record<string, string | number>;
  gated: boolean;
}[] = [
  { name: 'faststats', endpoint: api.profile.faststats, gated: true },
  {
    name: 'terminal/list (page 20)',
    endpoint: api.terminal.list,
    params: { page: 1, size: 20 },
    gated: true,
  },
  // The first page is kept in the server's memory until a terminal changes (terminal/pages.ts); the
  // second is read from PostgreSQL every time, as the first is right after a change.
  {
    name: 'terminal/list (page 2, not kept)',
    endpoint: api.terminal.list,
    params: { page: 2, size: 20 },
    gated: false,
  },
  { name: 'agent/list', endpoint: api.agent.list, params: { page: 1, size: 20 }, gated: false },
  { name: 'notice/getNotice', endpoint: api.notice.getNotice, params: { page: 1, size: 20 }, gated: false },
  { name: 'sos/untreatedSOSCount', endpoint: api.sos.untreatedSOSCount, gated: false },
];

/** A call's load and the bare route's rate around it. */
type Measured = Load & { ceiling: number };

const rows: string[][] = [];
const misses: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) misses.push(what);
  return ok ? 'ok' : 'MISSED';
};
const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits });

async function measureFleet(size: number) {
  const name = `ptt_bench_${size >= 1_000_000 ? `${size / 1_000_000}m` : `${size / 1000}k`}`;
  log(`fleet of ${fmt(size)} terminals (database ${name})`);
  await ensureDatabase(adminUrl, name);
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  let server: Api | null = await startApi(url);
  try {
    await seedFleet(url, size, log);
    const session = await server.login(0, benchTop, benchPassword);
    // The bare route runs before and after each call's load, and each call is compared with the mean
    // of the two: the machine's speed moves within minutes, by as much as a third between a fleet's
    // first load and its last.
    const bare = await startBare();
    const ceilings = [await load(bare.url, 'GET', seconds)];
    const results = new Map<string, Measured>();
    for (const c of calls) {
      const query = new URLSearchParams({ ...session, ...(c.params ?? {}) } as Record<string, string>);
      const probe = await fetch(`${server.url}${c.endpoint.path}?${query}`, { method: c.endpoint.method });
      const body = (await probe.json()) as { code: number };
      if (body.code !== Code.ok) throw new Error(`${c.name} answered ${body.code}`);
      const r = await load(`${server.url}${c.endpoint.path}?${query}`, c.endpoint.method, seconds);
      const after = await load(bare.url, 'GET', seconds);
      const ceiling = (ceilings[ceilings.length - 1].rps + after.rps) / 2;
      ceilings.push(after);
      results.set(c.name, { ...r, ceiling });
      log(
        `  ${c.name}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms; bare route around it ${fmt(ceiling)} req/s`,
      );
    }
    await bare.close();
    const extra = size === sizes[0] ? await business(server, session, log) : null;
    const login = size === sizes[0] ? await pageFetches(server.url, '/') : null;
    const pages = size === sizes[0] ? await lighthouseScores(server.url, session, lighthouseRuns, log) : null;
    await server.close();
    server = null;
    return { size, ceilings, results, extra, pages, login };
  } finally {
    await server?.close();
  }
}

async function main() {
  const web = routeSizes();
  const biggest = web.routes[0];
  for (const r of web.routes.filter((x) => x.kb > Budget.routeKb)) check(false, `route chunk ${r.route}`);
  rows.push([
    'web',
    `largest of ${web.routes.length} route chunks (${biggest.route})`,
    `${fmt(biggest.kb, 1)} KB`,
    `≤ ${Budget.routeKb} KB`,
    biggest.kb <= Budget.routeKb ? 'ok' : 'MISSED',
  ]);

  const fleets = [];
  for (const size of sizes) fleets.push(await measureFleet(size));
  for (const f of fleets) {
    const rates = f.ceilings.map((x) => x.rps);
    rows.push([
      `${fmt(f.size)}`,
      `bare Fastify route (ceiling), ${rates.length} loads around the calls'`,
      `${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))} req/s`,
      '',
      `p99 ${Math.max(...f.ceilings.map((x) => x.p99))} ms at most`,
    ]);
    for (const c of calls) {
      const r = f.results.get(c.name) as Measured;
      const share = r.rps / r.ceiling;
      const verdict =
        c.gated && f.size >= 1_000_000
          ? check(share >= Budget.shareOfBare && r.p99 <= Budget.p99Ms, `${c.name} at ${fmt(f.size)}`)
          : '';
      rows.push([
        `${fmt(f.size)}`,
        c.name,
        `${fmt(r.rps)} req/s (${fmt(share * 100, 1)} % of ${fmt(r.ceiling)})`,
        `p50 ${r.p50} / p99 ${r.p99} ms`,
        verdict,
      ]);
    }
    if (f.extra) {
      rows.push([
        `${fmt(f.size)}`,
        'batch of 100 terminals (median of 5)',
        `${fmt(f.extra.batchMs, 1)} ms`,
        `≤ ${Budget.batchMs} ms`,
        check(f.extra.batchMs <= Budget.batchMs, 'batch of 100'),
      ]);
      rows.push([
        `${fmt(f.size)}`,
        `card sales (${f.extra.sales} at 20 at once)`,
        `${fmt(f.extra.salesPerSecond)} /s`,
        `≥ ${Budget.salesPerSecond} /s`,
        check(f.extra.salesPerSecond >= Budget.salesPerSecond, 'card sales per second'),
      ]);
      rows.push([
        `${fmt(f.size)}`,
        'balances, ledger rows and notices after the sales',
        f.extra.exact ? 'exact' : 'WRONG',
        '',
        check(f.extra.exact, 'exact balances'),
      ]);
    }
  }
  const login = fleets.find((f) => f.login)?.login;
  if (login)
    rows.push([
      'web',
      `login page JS fetched until network idle (gzip, ${login.files.length} files; ${fmt(login.transferredKb, 1)} KB on the wire)`,
      `${fmt(login.kb, 1)} KB`,
      `≤ ${Budget.loginKb} KB`,
      check(login.kb <= Budget.loginKb, 'login page JS'),
    ]);
  const pages = fleets.find((f) => f.pages)?.pages;
  if (pages)
    for (const [name, p] of Object.entries(pages) as [string, Scores][]) {
      rows.push([
        'web',
        `Lighthouse mobile, ${name} (median of ${lighthouseRuns}): performance / accessibility / best practices`,
        `${p.performance} / ${p.accessibility} / ${p.bestPractices}`,
        `≥ ${Budget.lighthousePerformance} / ≥ ${Budget.lighthouseAccessibility} / –`,
        check(
          p.performance >= Budget.lighthousePerformance && p.accessibility >= Budget.lighthouseAccessibility,
          `Lighthouse on ${name}`,
        ),
      ]);
    }
  const small = fleets.find((f) => f.size < 1_000_000);
  const large = fleets.find((f) => f.size >= 1_000_000);
  if (small && large)
    for (const c of calls) {
      const a = small.results.get(c.name) as Measured;
      const b = large.results.get(c.name) as Measured;
      // Each fleet's time per request in units of the ceiling's around it: the machine's speed can
      // change between the two fleets' loads, and the bare route measured around them tells by how much.
      const growth = a.rps / a.ceiling / (b.rps / b.ceiling);
      rows.push([
        `${fmt(large.size)} ÷ ${fmt(small.size)}`,
        `${c.name}: time per request, in units of the ceiling's (unscaled × ${fmt(a.rps / b.rps, 2)})`,
        `× ${fmt(growth, 2)}`,
        c.name.startsWith('terminal/list') ? `≤ ${Budget.pageGrowth}` : '',
        c.name.startsWith('terminal/list')
          ? check(growth <= Budget.pageGrowth, `${c.name}: page cost at 1 M`)
          : '',
      ]);
    }

  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...rows.map((r) => r[i].length)));
  log('');
  for (const r of rows) log(r.map((cell, i) => cell.padEnd(widths[i])).join(' │ '));
  log('');
  if (misses.length) {
    log(`budgets missed: ${misses.join('; ')}`);
    process.exitCode = 1;
  } else log('every budget holds');
}

await main();
