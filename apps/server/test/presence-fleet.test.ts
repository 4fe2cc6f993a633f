import { api, Code, Limits, Messages } from '@ptt/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  groupMembers,
  groups,
  liveEvents,
  orgs,
  sosRecords,
  terminalPresence,
  terminals,
} from '../src/db/schema.ts';
import { readConfig } from '../src/env.ts';
import * as groupService from '../src/modules/group/service.ts';
import { sweep } from '../src/modules/presence/service.ts';
import { demoSsid, deviceCall, report, signIn } from './device-support.ts';
import { addOtherTenant, backends, type Session, startTestApp, type TestApp } from './harness.ts';

const config = readConfig({ DATABASE_URL: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });

describe.each(backends)('presence and the fleet on %s', (backend) => {
  let t: TestApp;
  let company: Session;
  let top: Session;
  let sub: Session;
  let stranger: Session;
  let other: Session;
  let orgId: number;
  let otherOrgId: number;
  let otherGroupId: number;
  let device: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    // The test runs the sweepers itself: one on a timer could turn the terminal offline first.
    t = await startTestApp(backend, {}, { sweepOnTimer: false });
    const tenant = await addOtherTenant(t);
    otherOrgId = tenant.org.id;
    otherGroupId = (await groupService.createGroup(t.database.db, { org: tenant.org, name: 'Theirs' })).id;
    company = await t.login(1, 'company01', 'company123');
    top = await t.login(0, 'agent01', 'agent123');
    sub = await t.login(0, 'subagent01', 'agent123');
    stranger = await t.login(0, 'agent02', 'agent123');
    other = await t.login(1, 'company02', 'company123');
    device = await signIn(t, demoSsid(2));
    orgId = device.orgId;
  }, 60_000);
  afterAll(() => t.close());

  const eventsOf = async (type: string, terminalId = device.id) =>
    t.database.db
      .select()
      .from(liveEvents)
      .where(
        and(eq(liveEvents.type, type), sql`(${liveEvents.payload}->>'terminal_id')::int = ${terminalId}`),
      );
  const fleetRow = async (id = device.id) =>
    (await t.call(api.location.fleet, {}, company)).data.list.find((r) => r.terminal_id === id);

  it('marks a terminal online on its first call, once, and writes again only after 15 s', async () => {
    expect(await eventsOf('terminal.online')).toHaveLength(1);
    const [before] = await t.database.db
      .select()
      .from(terminalPresence)
      .where(eq(terminalPresence.terminalId, device.id));
    expect(before.online).toBe(true);
    const beat = await deviceCall(t, api.device.heartbeat, { device_token: device.token });
    expect([beat.code, beat.data]).toEqual([Code.ok, { online: 1 }]);
    await deviceCall(t, api.device.fences, { device_token: device.token });
    const [after] = await t.database.db
      .select()
      .from(terminalPresence)
      .where(eq(terminalPresence.terminalId, device.id));
    expect(after.lastSeenAt).toEqual(before.lastSeenAt);
    expect(await eventsOf('terminal.online')).toHaveLength(1);
    expect((await fleetRow())?.online).toBe(1);
    // A refused call with a good token still says the radio is on; a bad token says nothing.
    const bad = await deviceCall(t, api.device.heartbeat, { device_token: 'x'.repeat(40) });
    expect(bad.code).toBe(Code.unauthorized);
  });

  it('turns a silent terminal offline once, however many sweepers race, and online again when it calls', async () => {
    const db = t.database.db;
    await db
      .update(terminalPresence)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(terminalPresence.terminalId, device.id));
    const b = await buildApp({ config, database: t.database, logger: false, sweepOnTimer: false });
    try {
      const results = await Promise.all([t.app.sweep(), b.sweep(), sweep(db, config), sweep(db, config)]);
      expect(results.reduce((n, r) => n + r.offline, 0)).toBe(1);
    } finally {
      await b.close();
    }
    const offline = await eventsOf('terminal.offline');
    expect(offline).toHaveLength(1);
    expect(offline[0].payload).toMatchObject({ terminal_id: device.id, org_id: orgId });
    expect((await fleetRow())?.online).toBe(0);
    expect((await t.app.sweep()).offline).toBe(0);

    await Promise.all([
      deviceCall(t, api.device.heartbeat, { device_token: device.token }),
      deviceCall(t, api.device.heartbeat, { device_token: device.token }),
    ]);
    expect(await eventsOf('terminal.online')).toHaveLength(2);
    expect((await fleetRow())?.online).toBe(1);
  });

  it('keeps the newest position for the fleet and sends one position event per call', async () => {
    const now = Date.now();
    const before = (await eventsOf('position')).length;
    const res = await report(t, device.token, [
      { lat: 22.3, lng: 114.1, time: new Date(now - 60_000) },
      { lat: 22.31, lng: 114.11, time: new Date(now - 30_000) },
    ]);
    expect(res.code).toBe(Code.ok);
    expect(await eventsOf('position')).toHaveLength(before + 1);
    expect(await fleetRow()).toMatchObject({
      lat: 22.31,
      lng: 114.11,
      at: new Date(now - 30_000).toISOString(),
    });
    // A batch caught up from earlier does not move the map back, nor tell it anything.
    await report(t, device.token, [{ lat: 1, lng: 1, time: new Date(now - 120_000) }]);
    expect(await fleetRow()).toMatchObject({ lat: 22.31, lng: 114.11 });
    expect(await eventsOf('position')).toHaveLength(before + 1);
  });

  it('answers the fleet of a company in scope, with its open SOS and a group filter', async () => {
    const own = await t.call(api.location.fleet, {}, company);
    expect(own.code).toBe(Code.ok);
    expect(own.data.next).toBeNull();
    expect(own.data.list.map((r) => r.name)).toEqual([
      'Radio1',
      'Radio2',
      'Radio3',
      'Radio4',
      'Radio5',
      'Radio6',
    ]);
    // The demo raised an SOS from Radio3.
    expect(own.data.list.map((r) => r.sos)).toEqual([0, 0, 1, 0, 0, 0]);
    const never = own.data.list.find((r) => r.name === 'Radio6');
    expect(never).toMatchObject({ lat: null, lng: null, at: null, speed: null, online: 0, sos: 0 });
    expect((await t.call(api.location.fleet, { orgId }, company)).data).toEqual(own.data);
    expect((await t.call(api.location.fleet, { orgId }, top)).data).toEqual(own.data);

    const [patrol] = await t.database.db
      .select()
      .from(groups)
      .where(and(eq(groups.orgId, orgId), eq(groups.name, 'Patrol')));
    const inGroup = await t.call(api.location.fleet, { groupId: patrol.id }, company);
    expect(inGroup.data.list.map((r) => r.name)).toEqual(['Radio4', 'Radio5', 'Radio6']);
    expect(inGroup.data.next).toBeNull();
    expect((await t.call(api.location.fleet, { orgId, groupId: patrol.id }, top)).data).toEqual(inGroup.data);

    const refused: [Session, Record<string, number>][] = [
      [top, {}],
      [sub, { orgId }],
      [stranger, { orgId }],
      [company, { orgId: otherOrgId }],
      [other, { orgId }],
      [company, { groupId: otherGroupId }],
      [top, { orgId, groupId: otherGroupId }],
      [other, { groupId: patrol.id }],
    ];
    for (const [s, params] of refused) {
      const r = await t.call(api.location.fleet, params, s);
      expect([r.code, r.data], JSON.stringify(params)).toEqual([Code.notFound, null]);
    }
  });

  it('answers a fleet bigger than a page in pages, each terminal once in id order, to its company and agent', async () => {
    const size = Limits.fleetPage;
    const db = t.database.db;
    await db.execute(sql`insert into ${terminals} (ssid, name, org_id, agent_path, intercom_pwd_hash)
      select (880000000000000 + n)::text, 'Bulk' || n, o.id, o.agent_path, 'x'
      from ${orgs} o, generate_series(1, ${2 * size + 3}) n where o.id = ${otherOrgId}`);
    const ids = (
      await db
        .select({ id: terminals.id })
        .from(terminals)
        .where(eq(terminals.orgId, otherOrgId))
        .orderBy(asc(terminals.id))
    ).map((r) => r.id);
    const [{ agentPath }] = await db.select().from(orgs).where(eq(orgs.id, otherOrgId));
    // Every other terminal: a group of more than a page, spread over the company's ids.
    const members = ids.filter((_, i) => i % 2 === 0);
    await db
      .insert(groupMembers)
      .values(members.map((terminalId) => ({ groupId: otherGroupId, terminalId })));
    // On the second page, in the group; the processed alarm of its neighbour (not in the group) is no SOS.
    const alarmed = ids[size + 10];
    await db.insert(sosRecords).values([
      { orgId: otherOrgId, agentPath, terminalId: alarmed, status: 0 },
      { orgId: otherOrgId, agentPath, terminalId: ids[size + 11], status: 1 },
    ]);

    const readAll = async (s: Session, params: Record<string, number>) => {
      const rows = [];
      let pages = 0;
      let after: number | undefined;
      do {
        const r = await t.call(api.location.fleet, { ...params, after }, s);
        expect(r.code).toBe(Code.ok);
        expect(r.data.list.length).toBeLessThanOrEqual(size);
        rows.push(...r.data.list);
        pages++;
        if (r.data.next !== null) expect(r.data.next).toBe(r.data.list.at(-1)?.terminal_id);
        after = r.data.next ?? undefined;
      } while (after !== undefined && pages <= ids.length);
      return {
        ids: rows.map((r) => r.terminal_id),
        sos: rows.filter((r) => r.sos).map((r) => r.terminal_id),
        pages,
      };
    };

    const own = await readAll(other, {});
    expect(own).toEqual({ ids, sos: [alarmed], pages: 3 });
    expect(await readAll(stranger, { orgId: otherOrgId })).toEqual(own);
    const inGroup = await readAll(other, { groupId: otherGroupId });
    expect(inGroup).toEqual({ ids: members, sos: [alarmed], pages: 2 });
    expect(await readAll(stranger, { orgId: otherOrgId, groupId: otherGroupId })).toEqual(inGroup);

    // A last page that is exactly full says so: no empty page after it.
    const full = await t.call(api.location.fleet, { after: ids[ids.length - size - 1] }, other);
    expect([full.data.list.length, full.data.next]).toEqual([size, null]);
    const past = await t.call(api.location.fleet, { after: ids[ids.length - 1] }, other);
    expect(past.data).toEqual({ list: [], next: null });

    for (const after of ['abc', '-1', '0', '1.5']) {
      const r = await t.call(api.location.fleet, { after }, other);
      expect([r.code, r.msg, r.data], after).toEqual([
        Code.invalid,
        Messages.invalidParams,
        { field: 'after' },
      ]);
    }
  });
});
