import { business } from './business.ts';
import { Budget, Connections, settings } from './config.ts';
import { everyRead } from './endpoints.ts';
import { databaseUrl, fleetServer } from './fleet.ts';
import { type Framed, type References, references } from './frame.ts';
import { lighthouseScores, type Scores } from './lighthouse.ts';
import { Live, liveBench } from './live.ts';
import { type Call, type LoadResult, load, stopLoad } from './load.ts';
import { resellerMix } from './mix.ts';
import { bulkRenewal, concurrentRenewals } from './renewals.ts';
import { fmt, Report, sizeName } from './report.ts';
import { type Sample, sampleFleet } from './sample.ts';
import type { Api } from './server.ts';
import { pageFetches, routeSizes } from './web.ts';

/** npm run bench: the DESIGN §7 budgets measured on this machine (settings in config.ts), one table. */
const log = (line: string) => console.log(line);
const report = new Report();
const share = (r: Framed) => r.rps / r.floor.rps;
const wrongCodes = (r: LoadResult) =>
  r.wrong
    ? ` (${Object.entries(r.codes)
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ')})`
    : '';
const range = (values: number[], digits = 0) => {
  const [low, high] = [fmt(Math.min(...values), digits), fmt(Math.max(...values), digits)];
  return low === high ? low : `${low}–${high}`;
};

/** The reseller mix: its latency at an office's connections, its capacity at saturation. */
async function measureMix(refs: References, server: Api, calls: Call[], at: string) {
  const office = await refs.framed(server.url, calls, Connections.office);
  log(
    `  mix at ${Connections.office}: p50 ${office.p50} ms, p99 ${office.p99} ms, ${office.wrong} not 20001`,
  );
  report.framed(
    office,
    {
      fleet: at,
      label: `the mix at ${Connections.office} connections`,
      what: `reseller mix, ${Connections.office} connections: p50/p99 · non-20001`,
      measured: `${office.p50}/${office.p99} ms · ${office.wrong}`,
      budget: `p99 ≤ ${Budget.mixP99Ms} ms · 0`,
      beside: 'p99',
    },
    report.check(
      office.p99 <= Budget.mixP99Ms && office.wrong === 0,
      `reseller mix at ${at}, ${Connections.office} connections: p99 ${office.p99} ms, ${office.wrong} non-20001${wrongCodes(office)}`,
    ),
  );
  const capacity = await refs.framed(server.url, calls, Connections.saturation);
  log(
    `  mix at ${Connections.saturation}: ${fmt(capacity.rps)} req/s, floor ${fmt(capacity.floor.rps)} req/s`,
  );
  report.framed(
    capacity,
    {
      fleet: at,
      label: `the mix at ${Connections.saturation} connections`,
      what: `reseller mix, ${Connections.saturation} connections: req/s (share of the floor's) · non-20001`,
      measured: `${fmt(capacity.rps)} (${fmt(share(capacity) * 100, 1)} %) · ${capacity.wrong}`,
      budget: `≥ ${Budget.mixShareOfFloor * 100} % · 0`,
      beside: 'rate',
    },
    report.check(
      share(capacity) >= Budget.mixShareOfFloor && capacity.wrong === 0,
      `reseller mix at ${at}, ${Connections.saturation} connections: ${fmt(share(capacity) * 100, 1)} % of the floor, ${capacity.wrong} non-20001${wrongCodes(capacity)}`,
    ),
  );
  return capacity;
}

/** Every read endpoint alone, at an office's connections. */
async function measureReads(refs: References, server: Api, sample: Sample, at: string) {
  for (const c of await everyRead(sample)) {
    const r = await refs.framed(server.url, c.requests, Connections.office);
    log(`  ${c.name}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.wrong} not 20001 (floor p99 ${r.floor.p99} ms)`);
    report.framed(
      r,
      {
        fleet: at,
        label: c.name,
        what: `${c.name}, alone at ${Connections.office} connections: p50/p99 · non-20001`,
        measured: `${r.p50}/${r.p99} ms · ${r.wrong}`,
        budget: `p50 ≤ ${Budget.readP50Ms} · p99 ≤ ${c.p99Ms} ms · 0`,
        beside: 'p99',
      },
      report.check(
        r.p50 <= Budget.readP50Ms && r.p99 <= c.p99Ms && r.wrong === 0,
        `${c.name} at ${at}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.wrong} non-20001${wrongCodes(r)}`,
      ),
    );
  }
}

async function measureLive(server: Api, size: number, at: string) {
  const live = await liveBench(server, databaseUrl(size), log);
  const i = live.ingestion;
  const wrong = i.wrong + live.single.wrong;
  report.row(
    at,
    `positions stored, ${fmt(live.radios)} radios sending batches of ${Live.batch} at ${Connections.saturation} connections (one a call: ${fmt(live.single.rps)}/s) · non-20001`,
    `${fmt(i.positionsPerSecond)} /s · ${wrong}`,
    `≥ ${fmt(Budget.livePositionsPerSecond)} /s · 0`,
    '',
    report.check(
      i.positionsPerSecond >= Budget.livePositionsPerSecond && wrong === 0,
      `ingestion: ${fmt(i.positionsPerSecond)} positions/s, ${wrong} non-20001`,
    ),
  );
  const d = live.delivery;
  const paced = d.load.rps * Live.batch;
  report.row(
    at,
    `a position posted → the company console's event stream, under ${fmt(paced)} positions/s from the other radios (${d.probes} probes): p50/p99 · lost · non-20001`,
    `${d.p50}/${d.p99} ms · ${d.lost} · ${d.load.wrong}`,
    `p99 ≤ ${fmt(Budget.liveDeliveryP99Ms)} ms · 0 · 0`,
    '',
    report.check(
      d.p99 <= Budget.liveDeliveryP99Ms &&
        d.lost === 0 &&
        d.load.wrong === 0 &&
        paced >= Live.positionsPerSecond * 0.9,
      `live delivery: p99 ${d.p99} ms, ${d.lost} lost, ${fmt(paced)} positions/s paced`,
    ),
  );
}

async function measureWrites(server: Api, sample: Sample, at: string) {
  const w = await business(server, sample.top, log);
  report.row(
    at,
    'batch of 100 terminals (median of 5)',
    `${fmt(w.batchMs, 1)} ms`,
    `≤ ${Budget.batchMs} ms`,
    '',
    report.check(w.batchMs <= Budget.batchMs, `batch of 100 terminals: ${fmt(w.batchMs, 1)} ms`),
  );
  report.row(
    at,
    `card sales, ${w.sales} at 20 at once: balances, ledger rows and notices after them`,
    `${fmt(w.salesPerSecond)} /s · ${w.exact ? 'exact' : 'WRONG'}`,
    `≥ ${Budget.salesPerSecond} /s · exact`,
    '',
    report.check(
      w.salesPerSecond >= Budget.salesPerSecond && w.exact,
      `card sales: ${fmt(w.salesPerSecond)} /s, ${w.exact ? 'exact' : 'balances wrong'}`,
    ),
  );
  const renewals = await concurrentRenewals(server, sample.top, log);
  report.row(
    at,
    'concurrent renewals of one terminal',
    renewals.line,
    `${renewals.parallel} years, ${renewals.parallel} cards`,
    '',
    report.check(renewals.exact, `concurrent renewals: ${renewals.line}`),
  );
  const bulk = await bulkRenewal(server, sample.top, Budget.bulkRenewalSize, log);
  report.row(
    at,
    `bulk renewal of ${fmt(Budget.bulkRenewalSize)} terminals`,
    `${fmt(bulk.ms)} ms · ${bulk.line}`,
    `≤ ${fmt(Budget.bulkRenewalMs)} ms · exact`,
    '',
    report.check(
      bulk.ms <= Budget.bulkRenewalMs && bulk.exact,
      `bulk renewal: ${fmt(bulk.ms)} ms, ${bulk.line}`,
    ),
  );
}

async function measureWeb(server: Api, sample: Sample) {
  const login = await pageFetches(server.url, '/');
  report.row(
    'web',
    `login page JS fetched until network idle (gzip, ${login.files.length} files; ${fmt(login.transferredKb, 1)} KB on the wire)`,
    `${fmt(login.kb, 1)} KB`,
    `≤ ${Budget.loginKb} KB`,
    '',
    report.check(login.kb <= Budget.loginKb, `login page JS: ${fmt(login.kb, 1)} KB`),
  );
  const pages = await lighthouseScores(server.url, sample.top, settings.lighthouseRuns, log);
  for (const [name, p] of Object.entries(pages) as [string, Scores][]) {
    const slow = p.benchmarkIndexes.some((i) => i < 150) ? ', slower than the phone modelled' : '';
    report.row(
      'web',
      `Lighthouse mobile, ${name} (median of ${p.runs.length}): performance / accessibility`,
      `${p.performance} / ${p.accessibility} (performance ${p.runs.join(', ')})`,
      `≥ ${Budget.lighthousePerformance} / ≥ ${Budget.lighthouseAccessibility}`,
      `CPU slowdown ${range(p.slowdowns, 1)}× (benchmarkIndex ${range(p.benchmarkIndexes)}${slow})`,
      report.check(
        p.performance >= Budget.lighthousePerformance && p.accessibility >= Budget.lighthouseAccessibility,
        `Lighthouse on ${name}: ${p.performance} / ${p.accessibility}`,
      ),
    );
  }
}

function webSizes() {
  const web = routeSizes();
  const biggest = web.routes[0];
  const over = web.routes.filter((x) => x.kb > Budget.routeKb);
  report.row(
    'web',
    `largest of ${web.routes.length} route chunks (${biggest.route})`,
    `${fmt(biggest.kb, 1)} KB`,
    `≤ ${Budget.routeKb} KB`,
    '',
    report.check(over.length === 0, `route chunks over budget: ${over.map((r) => r.route).join(', ')}`),
  );
}

/** The references' own rows: what the machine did during this fleet's loads. */
function referenceRows(refs: References, at: string) {
  if (refs.bare.length)
    report.row(
      at,
      `bare Fastify route, ${Connections.saturation} connections, ${refs.bare.length} loads`,
      `${range(refs.bare.map((r) => r.rps))} req/s`,
      '',
      '',
      '',
    );
  for (const [connections, floors] of [...refs.floors].sort((a, b) => a[0] - b[0]))
    report.row(
      at,
      `the floor (select 1 on a pool of ${settings.poolSize}), ${connections} connections, ${floors.length} loads`,
      `${range(floors.map((r) => r.rps))} req/s · p99 ${range(floors.map((r) => r.p99))} ms`,
      '',
      '',
      '',
    );
}

async function measureFleet(size: number, first: boolean, largest: boolean) {
  const server = await fleetServer(size, log);
  const refs = await references(size);
  const at = sizeName(size);
  const loads = settings.runs('mix') || (settings.runs('endpoints') && largest);
  try {
    if (loads) await refs.measureBare();
    const sample = await sampleFleet(server);
    let capacity: Framed | null = null;
    if (loads) {
      // A server process runs its first thousands of requests slower, while V8 compiles their code; a
      // server in service is warm, so an unmeasured load of the mix warms this one first.
      const mixCalls = await resellerMix(sample);
      await load(server.url, mixCalls, { connections: Connections.saturation });
      if (settings.runs('mix')) capacity = await measureMix(refs, server, mixCalls, at);
    }
    if (settings.runs('endpoints') && largest) await measureReads(refs, server, sample, at);
    if (loads) {
      await refs.measureBare();
      referenceRows(refs, at);
    }
    if (settings.runs('live') && largest) await measureLive(server, size, at);
    if (first && settings.runs('writes')) await measureWrites(server, sample, at);
    if (first && settings.runs('web')) await measureWeb(server, sample);
    return capacity;
  } finally {
    await refs.close();
    await server.close();
  }
}

async function run() {
  const started = Date.now();
  if (settings.runs('web')) webSizes();
  const sizes = settings.sizes;
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes);
  const capacities = new Map<number, Framed | null>();
  for (const [i, s] of sizes.entries()) capacities.set(s, await measureFleet(s, i === 0, s === largest));
  const small = capacities.get(smallest);
  const large = capacities.get(largest);
  if (small && large && largest !== smallest) {
    // Compared in units of each fleet's own floor: the two fleets are measured minutes apart, and the
    // machine's speed moves within minutes.
    const growth = share(large) / share(small);
    report.row(
      `${sizeName(largest)} ÷ ${sizeName(smallest)}`,
      `growth of the mix's capacity, in floor units (in req/s: × ${fmt(large.rps / small.rps, 2)})`,
      `× ${fmt(growth, 2)}`,
      `≥ ${Budget.mixGrowth}`,
      '',
      report.check(growth >= Budget.mixGrowth, `growth of the mix: × ${fmt(growth, 2)}`),
    );
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
