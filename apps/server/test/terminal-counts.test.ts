import { api } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOtherTenant, bothBackends, type Session, type TestApp, useTestApp } from './harness.ts';

/**
 * Every agent's counters next to counts of the rows themselves (terminals under its path, its notices,
 * the ledger rows it is on either side of).
 */
async function countersAndRows(t: TestApp) {
  const res = (await t.database.db.execute(
    sql.raw(`select a.path,
                    coalesce((select n from terminal_counts c where c.path = a.path), 0)::int as terminals,
                    (select count(*) from terminals x where x.agent_path like a.path || '%')::int as terminal_rows,
                    coalesce((select notices from agent_counts c where c.agent_id = a.id), 0)::int as notices,
                    (select count(*) from notices x where x.agent_id = a.id)::int as notice_rows,
                    coalesce((select ledger from agent_counts c where c.agent_id = a.id), 0)::int as ledger,
                    (select count(*) from card_ledger x where a.id in (x.from_agent_id, x.to_agent_id))::int
                      as ledger_rows
             from agents a order by a.path`),
  )) as unknown as { rows: Record<string, number | string>[] };
  return res.rows;
}

/** Every company's terminal counter next to a count of its terminals. */
async function companyCounters(t: TestApp) {
  const res = (await t.database.db.execute(
    sql.raw(`select o.id,
                    coalesce((select terminals from org_counts c where c.org_id = o.id), 0)::int as terminals,
                    (select count(*) from terminals x where x.org_id = o.id)::int as terminal_rows
             from orgs o order by o.id`),
  )) as unknown as { rows: Record<string, number>[] };
  return res.rows;
}

/**
 * The creation hours' counters that differ from a recount of the terminals below each path by creation
 * hour (an hour whose terminals all left may keep a row of 0).
 */
async function createdHoursOff(t: TestApp) {
  const res = (await t.database.db.execute(
    sql.raw(`with real as (
               select left(x.agent_path, l * 4) as path, date_trunc('hour', x.created_at, 'UTC') as hour,
                      count(*)::int as n
               from terminals x, generate_series(1, length(x.agent_path) / 4) as l group by 1, 2)
             select coalesce(c.path, r.path) as path, coalesce(c.n, 0)::int as counted, coalesce(r.n, 0) as real
             from terminal_created_hours c full join real r on r.path = c.path and r.hour = c.hour
             where coalesce(c.n, 0) <> coalesce(r.n, 0)`),
  )) as unknown as { rows: Record<string, number | string>[] };
  return res.rows;
}

const expectExact = async (t: TestApp) => {
  expect(await createdHoursOff(t)).toEqual([]);
  const companies = await companyCounters(t);
  expect(companies.length).toBeGreaterThan(0);
  for (const c of companies) expect([c.id, c.terminals]).toEqual([c.id, c.terminal_rows]);
  const rows = await countersAndRows(t);
  expect(rows.length).toBeGreaterThan(1);
  for (const r of rows)
    expect([r.path, r.terminals, r.notices, r.ledger]).toEqual([
      r.path,
      r.terminal_rows,
      r.notice_rows,
      r.ledger_rows,
    ]);
};

describe.each(bothBackends)('counters on %s', (backend) => {
  const { t } = useTestApp(backend);
  let top: Session;
  beforeAll(async () => {
    await addOtherTenant(t);
    top = await t.login(0, 'agent01', 'agent123');
  });

  it('start exact with the demo fleet and follow a batch, the home counts and the list total', async () => {
    await expectExact(t);
    const orgId = (await t.call(api.agent.orgs, {}, top)).data.list[0].id;
    const ssids = Array.from({ length: 30 }, (_, i) => String(359_200_000_000_000 + i));
    const made = await t.callBody(
      api.terminal.batch,
      { orgId, userType: 0, prefix: 'Count', mode: 'scan' },
      { ssids },
      top,
    );
    expect(made.code).toBe(20001);
    await expectExact(t);
    const stats = (await t.call(api.profile.faststats, {}, top)).data;
    const list = (await t.call(api.terminal.list, { size: 5 }, top)).data;
    expect(list.total).toBe(stats.user_count);
    const [{ n }] = (
      (await t.database.db.execute(
        sql.raw(`select count(*)::int as n from terminals t join agents a on t.agent_path like a.path || '%'
                 where a.account = 'agent01'`),
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(stats.user_count).toBe(n);
  });

  it('list an agent’s and a sub-agent’s terminals newest first', async () => {
    const sub = await t.login(0, 'subagent01', 'agent123');
    const company = { name: 'ScopeCompany', contact: 'Sco', account: 'scopecompany', password: 'company123' };
    expect((await t.call(api.org.add, company, sub)).code).toBe(20001);
    const subOrg = (await t.call(api.agent.orgs, {}, sub)).data.list[0].id;
    // A top-level agent's company list holds its sub-agents' companies, as its home count does.
    const topOrgs = (await t.call(api.agent.orgs, {}, top)).data;
    expect(topOrgs.list.map((o) => o.id)).toContain(subOrg);
    expect(topOrgs.total).toBe((await t.call(api.profile.faststats, {}, top)).data.org_count);
    const topOrg = topOrgs.list.find((o) => o.id !== subOrg)?.id as number;
    // The sub-agent's terminals sit between the top agent's, older and newer.
    for (const [who, orgId, from] of [
      [sub, subOrg, 359_300_000_000_000],
      [top, topOrg, 359_300_000_000_100],
      [sub, subOrg, 359_300_000_000_200],
    ] as const) {
      const ssids = Array.from({ length: 3 }, (_, i) => String(from + i));
      const body = { orgId, userType: 0, prefix: 'Scope', mode: 'scan' } as const;
      expect((await t.callBody(api.terminal.batch, body, { ssids }, who)).code).toBe(20001);
    }
    for (const [who, account] of [
      [top, 'agent01'],
      [sub, 'subagent01'],
    ] as const) {
      const { list, total } = (await t.call(api.terminal.list, { size: 100 }, who)).data;
      const { rows } = (await t.database.db.execute(
        sql.raw(`select x.id from terminals x join agents a on x.agent_path like a.path || '%'
                 where a.account = '${account}' order by x.id desc limit 100`),
      )) as unknown as { rows: { id: number }[] };
      expect(list.map((r) => r.id)).toEqual(rows.map((r) => r.id));
      expect(total).toBeGreaterThanOrEqual(rows.length);
    }
    const subList = (await t.call(api.terminal.list, { size: 100 }, sub)).data;
    expect(subList.total).toBe(6);
    await expectExact(t);
  });

  it('stay exact when terminals are deleted, moved to another agent’s company, or replaced in bulk', async () => {
    await t.database.db.execute(
      sql.raw(`delete from terminals where ssid like '3592000000000%' and ssid < '359200000000010'`),
    );
    await expectExact(t);
    await t.database.db.execute(
      sql.raw(`update terminals set org_id = o.id, agent_path = o.agent_path
               from orgs o where o.account = 'company02' and terminals.ssid like '3592%'`),
    );
    await expectExact(t);
    await t.reset();
    await expectExact(t);
  });

  it('follow sub-agents, companies and groups as they are made, moved and deleted, and feed the home', async () => {
    top = await t.login(0, 'agent01', 'agent123');
    const sub = await t.call(
      api.agent.add,
      {
        name: 'CountAgent',
        contact: 'Cee',
        account: 'countagent',
        password: 'agent123',
        phone: '13800000000',
      },
      top,
    );
    expect(sub.code).toBe(20001);
    const subSession = await t.login(0, 'countagent', 'agent123');
    const org = await t.call(
      api.org.add,
      { name: 'CountCompany', contact: 'Cee', account: 'countcompany', password: 'company123' },
      subSession,
    );
    expect(org.code).toBe(20001);
    const company = await t.login(1, 'countcompany', 'company123');
    expect((await t.call(api.group.add, { name: 'Count', count: 2 }, company)).code).toBe(20001);
    await expectExact(t);

    const home = (await t.call(api.profile.faststats, {}, top)).data;
    const [real] = (
      (await t.database.db.execute(
        sql.raw(`select (select count(*) from agents x where x.path like a.path || '%' and x.path <> a.path)::int
                          as agents,
                        (select count(*) from orgs x where x.agent_path like a.path || '%')::int as orgs,
                        (select count(*) from groups x where x.agent_path like a.path || '%')::int as groups
                 from agents a where a.account = 'agent01'`),
      )) as unknown as { rows: { agents: number; orgs: number; groups: number }[] }
    ).rows;
    expect(real.groups).toBeGreaterThan(1);
    expect([home.agent_count, home.org_count, home.group_count]).toEqual([
      real.agents,
      real.orgs,
      real.groups,
    ]);

    const ofCompany = `(select id from orgs where account = 'countcompany')`;
    await t.database.db.execute(
      sql.raw(`delete from groups where id = (select min(id) from groups where org_id = ${ofCompany})`),
    );
    await expectExact(t);
    await t.database.db.execute(
      sql.raw(`update orgs set agent_path = (select path from agents where account = 'agent01')
               where account = 'countcompany'`),
    );
    await t.database.db.execute(
      sql.raw(`update groups set agent_path = (select path from agents where account = 'agent01')
               where org_id = ${ofCompany}`),
    );
    await expectExact(t);
    await t.database.db.execute(sql.raw(`update orgs set contact = 'Dee' where account = 'countcompany'`));
    await expectExact(t);
  });
});
