/**
 * What a run measures, read once from the environment. BENCH_DATABASE_URL names the PostgreSQL server
 * (a database per fleet size, BENCH_DATABASE_PREFIX + 10k / 1m, is created there and kept for the next
 * run), BENCH_SECONDS the length of each load, BENCH_SIZES the fleet sizes, BENCH_ONLY the parts to run
 * (mix, endpoints, writes, live, web), BENCH_LIGHTHOUSE_RUNS how many times each page is audited (its median
 * run is reported; five by default, as Lighthouse's scores on one build move by ten points from run to
 * run). DATABASE_POOL_SIZE is the server's pool and the floor's.
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
  connections: 50,
  runs: (part: Part) => only.includes(part),
};

/** DESIGN §7. */
export const Budget = {
  mixShareOfFloor: 0.2,
  mixP99Ms: 50,
  endpointShareOfFloor: 0.1,
  endpointP99Ms: 100,
  mixGrowth: 0.8,
  batchMs: 150,
  salesPerSecond: 500,
  loginKb: 140,
  routeKb: 35,
  lighthousePerformance: 98,
  lighthouseAccessibility: 95,
  liveDeliveryP99Ms: 1000,
  livePositionsPerSecond: 2000,
};

export const sizeLabel = (size: number) =>
  size >= 1_000_000 ? `${size / 1_000_000}m` : size >= 1000 ? `${size / 1000}k` : String(size);
