import { business } from './business.ts';
import { Budget, settings } from './config.ts';
import { everyRead } from './endpoints.ts';
import { databaseUrl, fleetServer, settle } from './fleet.ts';
import { lighthouseScores, type Scores } from './lighthouse.ts';
import { Live, liveBench } from './live.ts';
import { type Call, type LoadResult, load, stopLoad } from './load.ts';
import { resellerMix } from './mix.ts';
import { concurrentRenewals } from './renewals.ts';
import { fmt, Report } from './report.ts';
import { sampleFleet } from './sample.ts';
import { startReferences } from './server.ts';
import { pageFetches, routeSizes } from './web.ts';

/** npm run bench: the DESIGN §7 budgets measured on this machine (settings in config.ts). */
const log = (line: string) => console.log(line);
const report = new Report();
const main = report.table('budgets', ['fleet', 'what', 'measured', 'budget', '']);
const reads = report.table(`every read endpoint alone (${settings.connections} connections)`, [
  'fleet',
  'call',
  'req/s',
  '% of floor',
  'p50 ms',
  'p99 ms',
  'non-20001',
  '',
]);
const size = (n: number) => fmt(n);

/** A load with the floor measured around it: the machine's speed moves within minutes. */
type Measured = LoadResult & { floor: number };

/** The bare route and the floor, measured before the first load and after every few. */
async function references(size: number) {
  const refs = await startReferences(databaseUrl(size));
  const bare: LoadResult[] = [];
  const floor: LoadResult[] = [];
  const measure = async () => {
    bare.push(await load(refs.url, [{ method: 'GET', path: '/bare' }]));
    floor.push(await load(refs.url, [{ method: 'GET', path: '/floor' }]));
  };
  await measure();
  return {
    bare,
    floor,
    measure,
    /** The loads of `calls`, one after another, then the references again; each load gets the floor's mean around it. */
    around: async (origin: string, calls: Call[][]) => {
      const before = floor.length - 1;
      const results: LoadResult[] = [];
      for (const c of calls) {
        results.push(await load(origin, c));
        await settle(size);
      }
      await measure();
      const mean = (floor[before].rps + floor[before + 1].rps) / 2;
      return results.map((r): Measured => ({ ...r, floor: mean }));
    },
    close: refs.close,
  };
}

const share = (r: Measured) => r.rps / r.floor;
const wrongCodes = (r: LoadResult) =>
  Object.entries(r.codes)
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');

async function measureFleet(fleetSize: number, first: boolean, largest: boolean) {
  const server = await fleetServer(fleetSize, log);
  const refs = await references(fleetSize);
  const at = size(fleetSize);
  let mix: Measured | null = null;
  try {
    const sample = await sampleFleet(server);
    // A server process runs its first thousands of requests slower, while V8 compiles their code: the
    // first mix measured on a fresh process answered 716 req/s, the next ones 890–927 (10 k). A server
    // in service is warm, so a load of the mix warms this one before the reads are measured.
    const readsRun = settings.runs('mix') || settings.runs('endpoints');
    const mixCalls = readsRun ? await resellerMix(sample) : [];
    if (readsRun) await load(server.url, mixCalls);
    if (settings.runs('mix')) {
      [mix] = await refs.around(server.url, [mixCalls]);
      log(
        `  mix: ${fmt(mix.rps)} req/s, p99 ${mix.p99} ms, ${mix.wrong} not 20001, ${mix.cpuUs} µs of server CPU a request; floor ${fmt(mix.floor)} req/s`,
      );
      main([
        at,
        'reseller mix as the top-level agent: req/s (% of floor) · p50/p99 · non-20001',
        `${fmt(mix.rps)} (${fmt(share(mix) * 100, 1)} %) · ${mix.p50}/${mix.p99} ms · ${mix.wrong}`,
        `≥ ${Budget.mixShareOfFloor * 100} % · p99 ≤ ${Budget.mixP99Ms} ms · 0`,
        report.check(
          share(mix) >= Budget.mixShareOfFloor && mix.p99 <= Budget.mixP99Ms && mix.wrong === 0,
          `reseller mix at ${at}: ${fmt(share(mix) * 100, 1)} % of floor, p99 ${mix.p99} ms, ${mix.wrong} non-20001${mix.wrong ? ` (${wrongCodes(mix)})` : ''}`,
        ),
      ]);
    }
    if (settings.runs('endpoints') && largest) {
      const calls = await everyRead(sample);
      for (let i = 0; i < calls.length; i += 8) {
        const group = calls.slice(i, i + 8);
        const results = await refs.around(
          server.url,
          group.map((c) => c.requests),
        );
        group.forEach((c, k) => {
          const r = results[k];
          log(`  ${c.name}: ${fmt(r.rps)} req/s, p99 ${r.p99} ms, ${r.wrong} not 20001, ${r.cpuUs} µs`);
          const ok =
            share(r) >= Budget.endpointShareOfFloor && r.p99 <= Budget.endpointP99Ms && r.wrong === 0;
          reads([
            at,
            c.name,
            fmt(r.rps),
            fmt(share(r) * 100, 1),
            String(r.p50),
            String(r.p99),
            String(r.wrong),
            report.check(
              ok,
              `${c.name} at ${at}: ${fmt(share(r) * 100, 1)} % of floor, p99 ${r.p99} ms, ${r.wrong} non-20001${r.wrong ? ` (${wrongCodes(r)})` : ''}`,
            ),
          ]);
        });
      }
    }
    if (settings.runs('live') && largest) {
      const live = await liveBench(server, databaseUrl(fleetSize), log);
      const d = live.delivery;
      main([
        at,
        `positions stored per second, ${live.radios} radios sending batches of ${Live.batch} (one at a time: ${fmt(live.single.rps)}/s)`,
        `${fmt(live.ingestion.positionsPerSecond)} /s · p99 ${live.ingestion.p99} ms · ${live.ingestion.wrong + live.single.wrong}`,
        `≥ ${Budget.livePositionsPerSecond} /s · 0`,
        report.check(
          live.ingestion.positionsPerSecond >= Budget.livePositionsPerSecond &&
            live.ingestion.wrong + live.single.wrong === 0,
          `ingestion: ${fmt(live.ingestion.positionsPerSecond)} positions/s`,
        ),
      ]);
      main([
        at,
        `a position posted → the company console's event stream, under ${fmt(d.load.rps * Live.batch)} positions/s from the other radios in batches of ${Live.batch} (${d.probes} probes)`,
        `p50 ${d.p50} ms · p99 ${d.p99} ms · ${d.lost} lost · ${d.load.wrong}`,
        `p99 ≤ ${Budget.liveDeliveryP99Ms} ms · 0 · 0`,
        report.check(
          d.p99 <= Budget.liveDeliveryP99Ms &&
            d.lost === 0 &&
            d.load.wrong === 0 &&
            d.load.rps * Live.batch >= Live.positionsPerSecond * 0.9,
          `live delivery: p99 ${d.p99} ms, ${d.lost} lost, ${fmt(d.load.rps * Live.batch)} positions/s paced`,
        ),
      ]);
    }
    const rates = (list: LoadResult[]) =>
      `${fmt(Math.min(...list.map((x) => x.rps)))}–${fmt(Math.max(...list.map((x) => x.rps)))} req/s`;
    main([at, `bare Fastify route, ${refs.bare.length} loads around the others`, rates(refs.bare), '', '']);
    main([
      at,
      `the floor (select 1 on a pool of ${settings.poolSize}), ${refs.floor.length} loads`,
      rates(refs.floor),
      '',
      `p99 ≤ ${Math.max(...refs.floor.map((x) => x.p99))} ms`,
    ]);
    if (first && settings.runs('writes')) {
      const w = await business(server, sample.top, log);
      const renewals = await concurrentRenewals(server, sample.top, log);
      main([
        at,
        'batch of 100 terminals (median of 5)',
        `${fmt(w.batchMs, 1)} ms`,
        `≤ ${Budget.batchMs} ms`,
        report.check(w.batchMs <= Budget.batchMs, 'batch of 100 terminals'),
      ]);
      main([
        at,
        `card sales (${w.sales} at 20 at once)`,
        `${fmt(w.salesPerSecond)} /s`,
        `≥ ${Budget.salesPerSecond} /s`,
        report.check(w.salesPerSecond >= Budget.salesPerSecond, 'card sales per second'),
      ]);
      main([
        at,
        'balances, ledger rows and notices after the sales',
        w.exact ? 'exact' : 'WRONG',
        'exact',
        report.check(w.exact, 'exact balances after sales'),
      ]);
      main([
        at,
        'concurrent renewals of one terminal',
        renewals.line,
        `${renewals.parallel} years, ${renewals.parallel} cards`,
        report.check(renewals.exact, `concurrent renewals: ${renewals.line}`),
      ]);
    }
    if (first && settings.runs('web')) {
      const login = await pageFetches(server.url, '/');
      main([
        'web',
        `login page JS fetched until network idle (gzip, ${login.files.length} files; ${fmt(login.transferredKb, 1)} KB on the wire)`,
        `${fmt(login.kb, 1)} KB`,
        `≤ ${Budget.loginKb} KB`,
        report.check(login.kb <= Budget.loginKb, 'login page JS'),
      ]);
      const pages = await lighthouseScores(server.url, sample.top, settings.lighthouseRuns, log);
      for (const [name, p] of Object.entries(pages) as [string, Scores][])
        main([
          'web',
          `Lighthouse mobile, ${name} (median of ${settings.lighthouseRuns}): performance / accessibility / best practices`,
          `${p.performance} / ${p.accessibility} / ${p.bestPractices}`,
          `≥ ${Budget.lighthousePerformance} / ≥ ${Budget.lighthouseAccessibility} / –`,
          report.check(
            p.performance >= Budget.lighthousePerformance &&
              p.accessibility >= Budget.lighthouseAccessibility,
            `Lighthouse on ${name}`,
          ),
        ]);
    }
  } finally {
    await refs.close();
    await server.close();
  }
  return mix;
}

function webSizes() {
  const web = routeSizes();
  const biggest = web.routes[0];
  for (const r of web.routes.filter((x) => x.kb > Budget.routeKb))
    report.check(false, `route chunk ${r.route}`);
  main([
    'web',
    `largest of ${web.routes.length} route chunks (${biggest.route})`,
    `${fmt(biggest.kb, 1)} KB`,
    `≤ ${Budget.routeKb} KB`,
    biggest.kb <= Budget.routeKb ? 'ok' : 'MISSED',
  ]);
}

async function run() {
  const started = Date.now();
  if (settings.runs('web')) webSizes();
  const sizes = settings.sizes;
  const largest = Math.max(...sizes);
  const mixes = new Map<number, Measured | null>();
  for (const [i, s] of sizes.entries()) mixes.set(s, await measureFleet(s, i === 0, s === largest));
  const small = mixes.get(Math.min(...sizes));
  const large = mixes.get(largest);
  if (small && large && sizes.length > 1) {
    const growth = large.rps / small.rps;
    main([
      `${size(largest)} ÷ ${size(Math.min(...sizes))}`,
      `growth: the mix's req/s (in floor units: × ${fmt(share(large) / share(small), 2)})`,
      `× ${fmt(growth, 2)}`,
      `≥ ${Budget.mixGrowth}`,
      report.check(
        growth >= Budget.mixGrowth,
        `growth: the mix at ${size(largest)} answers × ${fmt(growth, 2)} of its req/s at ${size(Math.min(...sizes))}`,
      ),
    ]);
  }
  report.print(log);
  log(`(${fmt((Date.now() - started) / 60_000, 1)} minutes)`);
  if (report.misses.length) process.exitCode = 1;
}

try {
  await run();
} finally {
  stopLoad();
}
