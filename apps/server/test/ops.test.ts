import { Writable } from 'node:stream';
import { api, Code } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { readConfig } from '../src/env.ts';
import { reminderRuns } from '../src/http/metrics.ts';
import { demoSsid, report, signIn } from './device-support.ts';
import { bothBackends, useTestApp } from './harness.ts';
import { listenLocal, openStream } from './live-support.ts';

const metric = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe.each(bothBackends)('health, readiness and metrics on %s', (backend) => {
  const token = 'scrape-secret-0123456789';
  const { t, company } = useTestApp(backend, { env: { METRICS_TOKEN: token }, sessions: ['company'] });
  let base: string | undefined;
  const served = async () => {
    base ??= await listenLocal(t.app);
    return base;
  };

  it('answers /healthz and /readyz outside the envelope, and /readyz 503 while starting', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);

    // A second instance on the same database: not ready until it is (routes, plugins and the live hub
    // all started).
    const fresh = await buildApp({ config: t.config, database: t.database, logger: false });
    expect(fresh.lifecycle.phase).toBe('starting');
    await fresh.ready();
    expect(fresh.lifecycle.phase).toBe('ready');
    await fresh.close();
  });

  it('needs the bearer token for /metrics and shows requests, pool, streams, positions, pushes and reminder runs', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    const storedBefore = metric(before.body, 'ptt_positions_stored_total') ?? 0;

    const radio = await signIn(t, demoSsid(1));
    const now = Date.now();
    const fixes = [0, 1, 2].map((i) => ({
      lat: 22.3 + i / 1000,
      lng: 114.17,
      time: new Date(now - i * 1000),
    }));
    expect((await report(t, radio.token, fixes)).code).toBe(Code.ok);
    expect((await t.call(api.sos.untreatedSOSCount, {}, company)).code).toBe(Code.ok);
    const bad = await t.call(api.sos.untreatedSOSCount, { access_token: 'nope', openid: company.openid });
    reminderRuns.inc({ outcome: 'ok' });
    const base = await served();
    const stream = await openStream(base, company);
    await stream.until((m) => m.retry !== undefined);

    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Basic ${token}`,
      token,
      `Bearer  ${token}`,
      `Bearer ${token}\t`,
      `Bearer ${token.slice(0, -1)}`,
    ]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('ptt_');
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    stream.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(metric(text, 'ptt_positions_stored_total')).toBe(storedBefore + 3);
    expect(metric(text, 'ptt_event_streams_open')).toBe(1);
    expect(text).toContain('ptt_reminder_runs_total{outcome="ok"}');
    expect(text).toMatch(/^ptt_push_sends_total \d+$/m);
    expect(text).toMatch(/^ptt_push_failures_total \d+$/m);
    expect(text).toContain('# TYPE ptt_db_pool_connections gauge');
    if (backend === 'postgres') {
      expect(metric(text, 'ptt_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(metric(text, 'ptt_db_pool_connections{state="waiting"}')).toBe(0);
    }
    // Requests by endpoint, HTTP status and envelope code, with latency buckets.
    const count = (route: string, code: number) =>
      metric(
        text,
        `ptt_http_request_duration_seconds_count{method="POST",route="${route}",status="200",code="${code}"}`,
      );
    expect(count(api.sos.untreatedSOSCount.path, Code.ok)).toBe(1);
    expect(count(api.sos.untreatedSOSCount.path, bad.code)).toBe(1);
    expect(text).toContain(
      `ptt_http_request_duration_seconds_bucket{le="0.5",method="POST",route="${api.sos.untreatedSOSCount.path}",status="200",code="${Code.ok}"} 1`,
    );
  });

  it('reports not ready while draining and when the database lacks a migration this build applies', async () => {
    const [newest] = await t.database.db
      .execute<{ id: number }>(sql`select id from drizzle.__drizzle_migrations order by id desc limit 1`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    // The migrations table is the owner's (the server's role only reads it).
    await t.database.owner.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    const pending = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([pending.statusCode, pending.json().status]).toEqual([503, 'migrations pending']);

    const base = await served();
    const stream = await openStream(base, company);
    await stream.until((m) => m.retry !== undefined);
    t.app.drain();
    // The stream ends with a short, random reconnection delay: the console comes back elsewhere.
    const hint = await stream.until((m) => m.retry !== undefined && m !== stream.messages[0]);
    expect(hint.retry).toBeGreaterThanOrEqual(500);
    expect(hint.retry).toBeLessThanOrEqual(2500);
    expect(t.app.live.streams).toBe(0);
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([draining.statusCode, draining.json()]).toEqual([503, { status: 'draining' }]);
    // The process still answers while it finishes its work.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('an instance of its own on an empty database', () => {
  // Neither app below writes: they share one database.
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(readConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent' }));
  });
  afterAll(() => database.close());

  describe('without METRICS_TOKEN', () => {
    it('answers /metrics 404, with or without a token', async () => {
      const config = readConfig({ DATABASE_URL: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
      const app = await buildApp({ config, database, logger: false });
      for (const headers of [{}, { authorization: 'Bearer anything' }]) {
        const res = await app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('ptt_');
      }
      await app.close();
    });
  });

  describe('logging of the probes', () => {
    it('logs no line at info for /healthz, /readyz and /metrics, while other requests log theirs', async () => {
      const lines: { level: number; req?: { url: string }; reqId?: string }[] = [];
      const logStream = new Writable({
        write(chunk, _enc, done) {
          for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
          done();
        },
      });
      const config = readConfig({
        DATABASE_URL: 'memory://',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        METRICS_TOKEN: 'x',
      });
      const app = await buildApp({ config, database, logger: true, logStream });
      for (const url of ['/healthz', '/readyz', '/metrics', '/v1/sos/untreatedSOSCount'])
        await app.inject({ method: 'GET', url });
      await app.close();
      const urls = lines.filter((l) => l.level <= 30 && l.req).map((l) => l.req?.url);
      expect(urls).toEqual(['/v1/sos/untreatedSOSCount']);
    });
  });
});
