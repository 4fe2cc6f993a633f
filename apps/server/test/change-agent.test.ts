import { api, Code, NoticeType } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSsid, report, signIn } from './device-support.ts';
import { addOtherTenant, backends, type Session, type TestApp, useTestApp } from './harness.ts';

const rowsOf = async <T>(t: TestApp, text: string) =>
  ((await t.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** Every table that carries a company's agent path: its rows of the company, and those with another path. */
const pathTables = [
  'terminals',
  'groups',
  'fences',
  'fence_records',
  'sos_records',
  'recordings',
  'terminal_presence',
];
async function pathsOf(t: TestApp, orgId: number, path: string) {
  const out: Record<string, [number, number]> = {};
  for (const table of pathTables) {
    const [r] = await rowsOf<{ n: number; stale: number }>(
      t,
      `select count(*)::int as n, count(*) filter (where agent_path <> '${path}')::int as stale
       from ${table} where org_id = ${orgId}`,
    );
    out[table] = [r.n, r.stale];
  }
  return out;
}

/** Counters kept by triggers next to counts of their rows, for every agent and company. */
async function expectCountersExact(t: TestApp) {
  const agents = await rowsOf<Record<string, number | string>>(
    t,
    `select a.path,
            coalesce((select n from terminal_counts c where c.path = a.path), 0)::int as terminals,
            (select count(*) from terminals x where x.agent_path like a.path || '%')::int as terminal_rows,
            coalesce((select notices from agent_counts c where c.agent_id = a.id), 0)::int as notices,
            (select count(*) from notices x where x.agent_id = a.id)::int as notice_rows
     from agents a order by a.path`,
  );
  for (const r of agents)
    expect([r.path, r.terminals, r.notices]).toEqual([r.path, r.terminal_rows, r.notice_rows]);
  const orgs = await rowsOf<Record<string, number>>(
    t,
    `select o.id, coalesce((select terminals from org_counts c where c.org_id = o.id), 0)::int as n,
            (select count(*) from terminals x where x.org_id = o.id)::int as rows
     from orgs o order by o.id`,
  );
  for (const o of orgs) expect([o.id, o.n]).toEqual([o.id, o.rows]);
}

describe.each(backends)('change agent on %s', (backend) => {
  const { t } = useTestApp(backend);
  let top: Session;
  let sub: Session;
  let company: Session;
  let orgId: number;
  let topId: number;
  let subId: number;
  let subPath: string;
  let topPath: string;
  let radioId: number;
  let other: Awaited<ReturnType<typeof addOtherTenant>>;

  const change = (orgId: number, agentId: number, s: Session = top) =>
    t.call(api.org.changeAgent, { orgId, agentId }, s);

  beforeAll(async () => {
    other = await addOtherTenant(t);
    top = await t.login(0, 'agent01', 'agent123');
    sub = await t.login(0, 'subagent01', 'agent123');
    company = await t.login(1, 'company01', 'company123');
    orgId = (await t.call(api.org.info, {}, company)).data.id;
    const [topRow] = await rowsOf<{ id: number; path: string }>(
      t,
      `select id, path from agents where account = 'agent01'`,
    );
    const [subRow] = await rowsOf<{ id: number; path: string }>(
      t,
      `select id, path from agents where account = 'subagent01'`,
    );
    [topId, topPath, subId, subPath] = [topRow.id, topRow.path, subRow.id, subRow.path];
    // Records of every kind the company keeps: a position, an SOS, a self-created group.
    const d = await signIn(t, demoSsid(1));
    radioId = d.id;
    await report(t, d.token, [{ lat: 22.3, lng: 114.17, time: new Date() }]);
    await t.app.inject({ method: 'POST', url: `${api.device.sos.path}?device_token=${d.token}` });
    await t.app.inject({
      method: 'POST',
      url: `${api.device.createGroup.path}?device_token=${d.token}&name=Moving`,
    });
  });

  it('moves the company with every row carrying its path, keeps counters exact and tells both agents', async () => {
    const before = await pathsOf(t, orgId, topPath);
    for (const table of ['terminals', 'groups', 'fences', 'sos_records', 'terminal_presence'])
      expect(before[table][0], table).toBeGreaterThan(0);
    const users = (await t.call(api.terminal.list, { orgId }, top)).data.total;
    expect((await t.call(api.terminal.list, {}, sub)).data.list.some((u) => u.org_id === orgId)).toBe(false);

    expect((await change(orgId, subId)).code).toBe(Code.ok);

    const after = await pathsOf(t, orgId, subPath);
    for (const table of pathTables) expect([table, after[table]]).toEqual([table, [before[table][0], 0]]);
    await expectCountersExact(t);
    expect((await t.call(api.org.info, { id: orgId }, sub)).data.agent_id).toBe(subId);
    expect((await t.call(api.agent.orgs, {}, sub)).data.list.map((o) => o.id)).toContain(orgId);
    expect((await t.call(api.terminal.list, { orgId }, sub)).data.total).toBe(users);
    expect((await t.call(api.sos.list, {}, sub)).data.total).toBeGreaterThan(0);
    expect((await t.call(api.fence.list, {}, sub)).data.total).toBeGreaterThan(0);
    // Positions are read at the terminal's company, so its history moves with the company untouched.
    expect((await t.call(api.location.last, { terminalId: radioId }, sub)).data).toMatchObject({ lat: 22.3 });
    // The top-level agent keeps it in its subtree; the company's own session goes on.
    expect((await t.call(api.terminal.list, { orgId }, top)).data.total).toBe(users);
    expect((await t.call(api.terminal.list, {}, company)).data.total).toBe(users);

    for (const [s, id] of [
      [top, topId],
      [sub, subId],
    ] as const) {
      const [n] = (await t.call(api.notice.getNotice, {}, s)).data.list;
      expect([id, n]).toMatchObject([
        id,
        {
          type: NoticeType.changeAgent,
          fromAgent: { id: topId },
          toAgent: { id: subId },
          org: { orgName: 'Demo_Company' },
        },
      ]);
    }
  });

  it('moves it back to the top-level agent itself, refusing a move to where it is', async () => {
    expect((await change(orgId, subId)).code).toBe(Code.rule);
    expect((await change(orgId, topId)).code).toBe(Code.ok);
    expect((await pathsOf(t, orgId, topPath)).terminals[1]).toBe(0);
    await expectCountersExact(t);
  });

  it('is for top-level agents only, within their own tree', async () => {
    // The top-level agent's company is out of the sub-agent's scope: not found, as any id out of scope.
    expect((await change(orgId, subId, sub)).code).toBe(Code.notFound);
    expect((await change(orgId, subId, company)).code).toBe(Code.forbidden);
    expect((await change(orgId, other.agent.id)).code).toBe(Code.notFound);
    expect((await change(other.org.id, subId)).code).toBe(Code.notFound);
    const otherTop = await t.login(0, 'agent02', 'agent123');
    expect((await change(orgId, other.agent.id, otherTop)).code).toBe(Code.notFound);
    expect((await t.call(api.org.info, { id: orgId }, top)).data.agent_id).toBe(topId);
  });

  it('answers every one of a burst of changes and leaves the counters exact', async () => {
    const targets = Array.from({ length: 12 }, (_, i) => (i % 2 ? topId : subId));
    const answers = await Promise.all(targets.map((agentId) => change(orgId, agentId)));
    for (const a of answers) expect([Code.ok, Code.rule]).toContain(a.code);
    const now = (await t.call(api.org.info, { id: orgId }, top)).data.agent_id;
    const path = now === topId ? topPath : subPath;
    for (const [table, [, stale]] of Object.entries(await pathsOf(t, orgId, path)))
      expect([table, stale]).toEqual([table, 0]);
    await expectCountersExact(t);
  });
});
