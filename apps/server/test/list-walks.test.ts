import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgs, terminals } from '../src/db/schema.ts';
import { listAudit } from '../src/modules/audit/repository.ts';
import { listSos } from '../src/modules/sos/repository.ts';
import { backends, useTestApp } from './harness.ts';

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

const walk = async <T>(rows: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const row of rows) all.push(row);
  return all;
};

/**
 * A walk reads a list in batches, each after the last row of the one before. The rows here tie on their
 * times in groups, and their times differ below the millisecond that a JavaScript Date keeps, so a walk
 * that lost a row or read one twice at a batch's edge shows.
 */
describe.each(backends)('list walks on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 120_000 });
  let orgId: number;

  beforeAll(async () => {
    const [org] = await t.database.db.select().from(orgs).where(eq(orgs.account, 'company01'));
    orgId = org.id;
    const [terminal] = await t.database.db
      .select()
      .from(terminals)
      .where(eq(terminals.orgId, orgId))
      .limit(1);
    // 240 alarms: status 0 or 1, in 40 instants of six alarms each, a few microseconds apart.
    await t.database.db.execute(sql`
      insert into sos_records (terminal_id, org_id, agent_path, status, created_at)
      select ${terminal.id}, ${orgId}, ${org.agentPath}, g % 2,
             timestamptz '2026-11-20 10:00:00.123000+00' + make_interval(secs => (g / 6) * 0.000003)
      from generate_series(0, 239) g`);
    await t.database.db.execute(sql`
      insert into audit_log (actor_role, actor_id, actor_account, org_id, agent_path, ip, action, params, at)
      select 1, ${orgId}, 'company01', ${orgId}, ${org.agentPath}, '127.0.0.1', 'walk/test', '{}'::jsonb,
             timestamptz '2026-11-20 10:00:00.123000+00' + make_interval(secs => (g / 5) * 0.000002)
      from generate_series(0, 229) g`);
  }, 120_000);

  it('walks alarms (status up, then newest first) in batches: every row once, in the order of one read', async () => {
    const expected = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from sos_records where org_id = ${orgId} order by status, created_at desc, id desc`,
      ),
    ).map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThanOrEqual(240);
    const walked = await walk(listSos.each(t.database.db, { orgId }, {}, 7));
    expect(walked.map((r) => r.s.id)).toEqual(expected);
    expect(Object.keys(walked[0])).not.toContain('place');
  });

  it('walks the audit log (newest first) in batches: every row once, in the order of one read', async () => {
    const expected = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from audit_log where org_id = ${orgId} order by at desc, id desc`,
      ),
    ).map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThanOrEqual(230);
    const walked = await walk(listAudit.each(t.database.db, { orgId }, { action: 'walk/test' }, 9));
    expect(walked.map((r) => r.id)).toEqual(expected.slice(0, 230));
    // A batch as large as the list, and one row: the walk ends after the last.
    expect((await walk(listAudit.each(t.database.db, { orgId }, { action: 'walk/test' }, 230))).length).toBe(
      230,
    );
    expect((await walk(listAudit.each(t.database.db, { orgId }, { action: 'walk/test' }, 1))).length).toBe(
      230,
    );
  });

  it('pages past the first hold the rows of one read at their offset, the times tied within a microsecond', async () => {
    const expected = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from sos_records where org_id = ${orgId} order by status, created_at desc, id desc`,
      ),
    ).map((r) => Number(r.id));
    const paged: number[] = [];
    for (let page = 1; paged.length < expected.length; page++) {
      const { list, total } = await listSos(t.database.db, { orgId }, {}, page, 7);
      expect(list.length).toBeGreaterThan(0);
      expect(total).toBe(Math.min(expected.length, page * 7 + 1));
      paged.push(...list.map((r) => r.s.id));
    }
    expect(paged).toEqual(expected);
    const audit = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from audit_log where action = 'walk/test' order by at desc, id desc`,
      ),
    ).map((r) => Number(r.id));
    for (const page of [2, 13, 26]) {
      const { list } = await listAudit(t.database.db, { orgId }, { action: 'walk/test' }, page, 9);
      expect(list.map((r) => r.id)).toEqual(audit.slice((page - 1) * 9, page * 9));
    }
  });

  it('answers the same pages as before: the page helper strips the place too', async () => {
    const { list } = await listAudit(t.database.db, { orgId }, { action: 'walk/test' }, 2, 10);
    expect(list).toHaveLength(10);
    expect(Object.keys(list[0])).not.toContain('place');
  });
});
