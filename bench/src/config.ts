/**
 * What a run measures, read once from the environment. BENCH_DATABASE_URL names the PostgreSQL server
 * (a database per fleet size, BENCH_DATABASE_PREFIX + 10k / 1m, is created there and kept for the next
 * run), BENCH_SECONDS the length of each load, BENCH_SIZES the fleet sizes, BENCH_ONLY the parts to run
 * (mix, endpoints, writes, live, web), BENCH_LIGHTHOUSE_RUNS how many times each page is audited (its median
 * run is reported; five by default, as Lighthouse's scores on one build move from run to run).
 * DATABASE_POOL_SIZE is the server's pool and the floor's.
 */
const env = process.env;
const parts = ['mix', 'endpoints', 'writes', 'live', 'web'] as const;
export type Part = (typeof parts)[number];

const only = (env.BENCH_ONLY ?? parts.join(',')).split(',').map((s) => s.trim());
for (const p of only)
  if (!parts.includes(p as Part)) throw new Error(`BENCH_ONLY: ${p} is none of ${parts.join(', ')}`);

export const settings = {
  adminUrl: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  databasePrefix: env.BENCH_DATABASE_PREFIX ?? 'ptt_bench_',
  seconds: Number(env.BENCH_SECONDS ?? 5),
  sizes: (env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number),
  poolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
  lighthouseRuns: Number(env.BENCH_LIGHTHOUSE_RUNS ?? 5),
  runs: (part: Part) => only.includes(part),
};

/** Clients at once: a busy office of consoles, and saturation (where latency only restates throughput). */
export const Connections = { office: 10, saturation: 50 } as const;

/**
 * The references frame every load: when the floor's rate before and after it differs by more than this
 * share (of the lower of the two), the machine changed speed under it and the load is measured again,
 * `repeats` times at most.
 */
export const Steadiness = { floorDrift: 0.25, repeats: 2 } as const;

/** DESIGN §7. */
export const Budget = {
  readP50Ms: 20,
  readP99Ms: 100,
  /** Keyword searches and fleet-map pages. */
  searchP99Ms: 250,
  mixP99Ms: 100,
  mixShareOfFloor: 0.1,
  mixGrowth: 0.8,
  batchMs: 150,
  salesPerSecond: 300,
  bulkRenewalMs: 2000,
  bulkRenewalSize: 1000,
  liveDeliveryP99Ms: 1000,
  livePositionsPerSecond: 2000,
  loginKb: 140,
  routeKb: 35,
  lighthousePerformance: 95,
  lighthouseAccessibility: 95,
};

export const sizeLabel = (size: number) =>
  size >= 1_000_000 ? `${size / 1_000_000}m` : size >= 1000 ? `${size / 1000}k` : String(size);
