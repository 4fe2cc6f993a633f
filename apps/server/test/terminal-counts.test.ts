import { api } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOtherTenant, backends, type Session, startTestApp, type TestApp } from './harness.ts';

/** Every agent path's counter next to a count of the rows themselves. */
async function countersAndRows(t: TestApp) {
  const res = (await t.database.db.execute(
    sql.raw(`select a.path,
                    coalesce((select n from terminal_counts c where c.path = a.path), 0)::int as counter,
                    (select count(*) from terminals x where x.agent_path like a.path || '%')::int as rows
             from agents a order by a.path`),
  )) as unknown as { rows: { path: string; counter: number; rows: number }[] };
  return res.rows;
}

const expectExact = async (t: TestApp) => {
  const rows = await countersAndRows(t);
  expect(rows.length).toBeGreaterThan(1);
  for (const r of rows) expect({ path: r.path, n: r.counter }).toEqual({ path: r.path, n: r.rows });
};

describe.each(backends)('terminal counters on %s', (backend) => {
  let t: TestApp;
  let top: Session;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await addOtherTenant(t);
    top = await t.login(0, 'agent01', 'agent123');
  });
  afterAll(() => t.close());

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
});
