import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { Config } from '../env.ts';
import { counters } from './metrics.ts';

/**
 * An instance is starting until it is ready to serve, ready while it serves, and draining once asked to
 * stop (it finishes what it has, takes nothing new, and tells its load balancer so).
 */
export type Phase = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  phase: Phase;
}

/** The migrations this build applies at start: a database with fewer is not ready for it. */
const migrationsExpected = (): number => {
  const journal = new URL('../db/migrations/meta/_journal.json', import.meta.url);
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
};

/** How long the readiness probe waits for the database. */
const READY_TIMEOUT_MS = 2000;

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });

/** pg's pool, when the database is PostgreSQL (drizzle keeps its client as $client). */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const poolOf = (database: Database): PoolCounts | undefined => {
  const client = (database.db as unknown as { $client?: Partial<PoolCounts> }).$client;
  return client && typeof client.waitingCount === 'number' ? (client as PoolCounts) : undefined;
};

/**
 * Compares the digests, which are always of one length: the time taken tells nothing of the token,
 * not even its length. The header is taken as sent: a token with spaces around it is another token.
 */
const sameToken = (given: string, expected: string) => {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
};

/** The envelope's code leads every API answer: {"code":20001,…}. */
const envelopeCode = /^\{"code":(\d{1,6})\b/;

export interface OpsOptions {
  config: Config;
  database: Database;
  lifecycle: Lifecycle;
  /** Event streams open on this instance now. */
  streams: () => number;
}

/**
 * The routes a load balancer and a monitoring system ask, outside the /v1 envelope and logged only
 * when something is wrong: /healthz (the process answers), /readyz (it can serve: database answering,
 * migrations applied, neither starting nor draining) and, when METRICS_TOKEN is set, /metrics.
 */
export function registerOps(app: FastifyInstance, { config, database, lifecycle, streams }: OpsOptions) {
  const expected = migrationsExpected();
  const quiet = { logLevel: 'warn' as const, exposeHeadRoute: false };

  app.get('/healthz', quiet, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', quiet, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (lifecycle.phase !== 'ready') return reply.status(503).send({ status: lifecycle.phase });
    try {
      const rows = await withTimeout(
        database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        READY_TIMEOUT_MS,
      );
      const applied = Number((rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? 0);
      if (applied < expected)
        return reply.status(503).send({ status: 'migrations pending', applied, expected });
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
    return { status: 'ready' };
  });

  if (!config.METRICS_TOKEN) {
    // Off: answered as a route that does not exist (not the web app's page).
    app.get('/metrics', quiet, async (_req, reply) => reply.status(404).send({ status: 'not found' }));
    return;
  }
  const token = config.METRICS_TOKEN;
  const own = new Registry();
  const requests = new Histogram({
    name: 'ptt_http_request_duration_seconds',
    help: 'Requests answered, by endpoint (route), HTTP status and the envelope code of /v1 and /device answers',
    labelNames: ['method', 'route', 'status', 'code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  });
  new Gauge({
    name: 'ptt_db_pool_connections',
    help: "PostgreSQL pool's connections by state: in use (checked out), idle, and callers waiting for one",
    labelNames: ['state'] as const,
    registers: [own],
    collect() {
      const pool = poolOf(database);
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'ptt_event_streams_open',
    help: 'Event streams (GET /v1/events/stream) open on this instance',
    registers: [own],
    collect() {
      this.set(streams());
    },
  });

  const codes = new WeakMap<object, string>();
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (typeof payload === 'string') {
      const m = envelopeCode.exec(payload);
      if (m) codes.set(req, m[1]);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    if (route !== '/metrics')
      requests.observe(
        {
          method: req.method,
          route: route ?? 'unmatched',
          status: String(reply.statusCode),
          code: codes.get(req) ?? '',
        },
        reply.elapsedTime / 1000,
      );
    done();
  });

  app.get('/metrics', quiet, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const auth = req.headers.authorization ?? '';
    const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    // Without the token the route is not there: a scanner learns nothing of what is served.
    if (!sameToken(given, token)) return reply.status(404).send({ status: 'not found' });
    const merged = Registry.merge([counters, own]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}
