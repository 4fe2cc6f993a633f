import { api, Code, FenceTrigger, parseLiveEvent } from '@ptt/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { agents, liveEvents } from '../src/db/schema.ts';
import { readConfig } from '../src/env.ts';
import * as live from '../src/modules/live/service.ts';
import { demoSsid, deviceCall, report, signIn } from './device-support.ts';
import {
  addOtherTenant,
  bothBackends,
  loginAs,
  type Session,
  startTestApp,
  type TestApp,
} from './harness.ts';
import { listenLocal, type Message, type OpenStream, openStream, sleep } from './live-support.ts';

const config = readConfig({ DATABASE_URL: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });

describe.each(bothBackends)('live events on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let company: Session;
  let top: Session;
  let sub: Session;
  let other: Session;
  let otherOrgId: number;
  let token: string;
  let terminalId: number;
  let orgId: number;
  const open: OpenStream[] = [];
  const stream = async (s: Session, extra: Record<string, string | number> = {}, h = {}) => {
    const o = await openStream(base, { ...s, ...extra }, h);
    open.push(o);
    return o;
  };
  const isSos = (id: number) => (m: Message) =>
    m.event === 'sos.raised' && (m.data as { id: number }).id === id;
  const raise = async () => {
    const r = await deviceCall(t, api.device.sos, { device_token: token, lat: 22.31, lng: 114.16 });
    expect(r.code).toBe(Code.ok);
    return r.data.id;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    otherOrgId = (await addOtherTenant(t)).org.id;
    base = await listenLocal(t.app);
    ({ company, top, sub, other } = await loginAs(t, 'company', 'top', 'sub', 'other'));
    ({ token, id: terminalId, orgId } = await signIn(t, demoSsid(1)));
  }, 60_000);
  // One session holds a few streams at a time: each test's are closed after it.
  afterEach(() => {
    for (const o of open.splice(0)) o.close();
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens with retry and the headers of every answer, and refuses a bad session with the envelope', async () => {
    const s = await stream(company);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('cache-control')).toBe('no-store');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    expect(s.res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(s.res.headers.get('x-content-type-options')).toBe('nosniff');
    await s.until((m) => m.retry === 2000);

    const code = async (o: OpenStream) => ((await o.res.json()) as { code: number }).code;
    const noSession = await openStream(base, {});
    expect(await code(noSession)).toBe(Code.unauthorized);
    const foreign = await openStream(base, { ...top, orgId: otherOrgId });
    expect(await code(foreign)).toBe(Code.notFound);
    const notOwn = await openStream(base, { ...company, orgId: otherOrgId });
    expect(await code(notOwn)).toBe(Code.notFound);
  });

  it('pings open streams, and ends one whose session was signed out', async () => {
    const session = await t.login(1, 'company01', 'company123');
    const s = await stream(session);
    await s.until((m) => m.retry === 2000);
    const before = t.app.live.streams;
    await t.app.live.pingAll();
    await s.until((m) => m.comment === 'ping');
    expect((await t.call(api.auth.logout, {}, session)).code).toBe(Code.ok);
    await t.app.live.pingAll();
    await vi.waitFor(() => expect(t.app.live.streams).toBe(before - 1));
  });

  it('delivers an SOS raised through the device API to the streams of its scope only', async () => {
    const [own, agent, narrowed, subAgent, stranger] = await Promise.all([
      stream(company),
      stream(top),
      stream(top, { orgId }),
      stream(sub),
      stream(other),
    ]);
    const id = await raise();
    const got = await own.until(isSos(id));
    expect(got.event).toBe('sos.raised');
    expect(parseLiveEvent(got.id as number, 'sos.raised', got.data)).toBeDefined();
    expect(got.data).toMatchObject({
      id,
      terminal_id: terminalId,
      terminal_name: 'Radio1',
      ssid: demoSsid(1),
      org_id: orgId,
      org_name: 'Demo_Company',
      lat: 22.31,
      lng: 114.16,
    });
    await agent.until(isSos(id));
    await narrowed.until(isSos(id));
    // The SOS's position went out too, after the alarm.
    await own.until((m) => m.event === 'position' && (m.data as { lat: number }).lat === 22.31);
    await sleep(300);
    expect(subAgent.events()).toEqual([]);
    expect(stranger.events()).toEqual([]);
  });

  it('sends a fence alarm with its fence and terminal, and the newest position of the call', async () => {
    const s = await stream(company);
    const now = Date.now();
    const res = await report(t, token, [
      { lat: 22.33, lng: 114.1694, time: new Date(now + 10_000) },
      { lat: 22.3193, lng: 114.1694, time: new Date(now + 20_000) },
    ]);
    expect(res.data?.alarms).toBe(1);
    const alarm = await s.until((m) => m.event === 'fence.alarm');
    expect(alarm.data).toMatchObject({
      fence_name: 'Harbour',
      terminal_id: terminalId,
      terminal_name: 'Radio1',
      org_id: orgId,
      trigger: FenceTrigger.enter,
      lat: 22.3193,
      at: new Date(now + 20_000).toISOString(),
    });
    expect(parseLiveEvent(alarm.id as number, 'fence.alarm', alarm.data)).toBeDefined();
    const position = await s.until((m) => m.event === 'position');
    expect(position.data).toMatchObject({ terminal_id: terminalId, lat: 22.3193, lng: 114.1694 });
    expect(s.events().filter((m) => m.event === 'position')).toHaveLength(1);
  });

  it('gives a sub-agent its subtree’s events, and its top-level agent the same', async () => {
    const [s] = await t.database.db.select().from(agents).where(eq(agents.account, 'subagent01'));
    const [subStream, topStream, own] = await Promise.all([stream(sub), stream(top), stream(company)]);
    await t.database.db.transaction((tx) =>
      live.publish(tx, {
        type: 'terminal.online',
        orgId: 999_999,
        agentPath: s.path,
        data: { terminal_id: 424_242 },
      }),
    );
    const isIt = (m: Message) => (m.data as { terminal_id?: number })?.terminal_id === 424_242;
    expect((await subStream.until(isIt)).event).toBe('terminal.online');
    await topStream.until(isIt);
    await sleep(300);
    expect(own.events().filter(isIt)).toEqual([]);
  });

  it('replays what a reconnecting stream missed, from Last-Event-ID or lastEventId', async () => {
    const first = await stream(company);
    const a = await raise();
    const seen = await first.until(isSos(a));
    const streams = t.app.live.streams;
    first.close();
    // The server lets go of a stream whose client went away.
    await vi.waitFor(() => expect(t.app.live.streams).toBe(streams - 1));
    const b = await raise();
    await t.call(api.sos.process, { id: b, remark: 'on it' }, company);
    const back = await stream(company, {}, { 'Last-Event-ID': String(seen.id) });
    await back.until(isSos(b));
    const done = await back.until((m) => m.event === 'sos.processed');
    expect(done.data).toMatchObject({
      id: b,
      terminal_id: terminalId,
      processor: 'Demo_Company',
      org_id: orgId,
    });
    const ids = back.events().map((m) => m.id as number);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids.every((i) => i > (seen.id as number))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);

    const byQuery = await stream(company, { lastEventId: seen.id as number });
    await byQuery.until(isSos(b));
    expect(byQuery.events().map((m) => m.id)).toEqual(ids.slice(0, byQuery.events().length));
  });

  it('tells a stream on another instance, and in-process subscribers once each', async () => {
    let second: Database | undefined;
    let database = t.database;
    if (backend === 'postgres') {
      // A database handle of its own, as another process would have: its own pool and listener.
      const rows = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${(rows as unknown as { rows: { name: string }[] }).rows[0].name}`;
      second = await openDatabase({ ...config, DATABASE_URL: url.toString() });
      database = second;
    }
    const b: FastifyInstance = await buildApp({ config, database, logger: false });
    try {
      const told: number[] = [];
      b.live.subscribe((row) => {
        if (row.type === 'sos.raised') told.push((row.payload as { id: number }).id);
      });
      const onB = await openStream(await listenLocal(b), company);
      open.push(onB);
      await onB.until((m) => m.retry === 2000);
      const id = await raise();
      await onB.until(isSos(id));
      await b.live.wake();
      await b.live.wake();
      expect(told).toEqual([id]);
    } finally {
      await b.close();
      await second?.close();
    }
  });

  it('delivers an event whose transaction committed after a newer one', async () => {
    const s = await stream(company);
    await s.until((m) => m.retry === 2000);
    const db = t.database.db;
    const ids = async () =>
      (
        (await db.execute(
          sql`select nextval(pg_get_serial_sequence('live_events', 'id'))::int as id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows[0].id;
    const [older, newer] = [await ids(), await ids()];
    // As two transactions that took their ids in one order and committed in the other.
    for (const id of [newer, older]) {
      const payload = {
        terminal_id: terminalId,
        org_id: orgId,
        at: new Date().toISOString(),
        lat: id,
        lng: 1,
        speed: null,
      };
      await db.transaction(async (tx) => {
        await tx.insert(liveEvents).values({ id, type: 'position', orgId, agentPath: 'ZZZZ', payload });
        await tx.execute(sql`select pg_notify('live_events', ${String(id)})`);
      });
      await s.until((m) => m.id === id);
    }
  });

  it('keeps events for the retention only', async () => {
    const db = t.database.db;
    await db.update(liveEvents).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    const fresh = await raise();
    await t.app.sweep();
    const left = await db.select().from(liveEvents);
    expect(left.length).toBeGreaterThan(0);
    expect(left.some((r) => r.type === 'sos.raised' && (r.payload as { id: number }).id === fresh)).toBe(
      true,
    );
    expect(left.every((r) => r.createdAt.getTime() > Date.now() - 3_600_000)).toBe(true);
  });
});
