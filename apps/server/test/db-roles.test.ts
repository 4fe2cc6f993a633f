import { api, Code } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { maintainAuditLog, maintainPositions } from '../src/modules/partitions/service.ts';
import { serverRoleName, useTestApp } from './harness.ts';

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * DESIGN §8 on PostgreSQL: the server connects as a role that owns nothing, and the owner runs the
 * migrations and the partition upkeep.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('database roles on postgres', () => {
  const { t } = useTestApp('postgres', { options: { serverRole: true }, timeout: 120_000 });
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0];
  /** A month's table of the audit log, as the partition upkeep made it. */
  let month: string;

  beforeAll(async () => {
    // The first call makes the server ready, which runs the partition upkeep.
    await t.app.inject({ method: 'GET', url: '/healthz' });
    month = `audit_log_p${new Date().toISOString().slice(0, 7).replace('-', '')}`;
  }, 120_000);

  it('serves as a role that owns nothing: sign in, change, audit, list, ready', async () => {
    expect(await one<{ role: string }>(sql`select current_user as role`)).toEqual({ role: serverRoleName });
    const owned = await one<{ n: number }>(
      sql`select count(*)::int as n from pg_class c join pg_roles r on r.oid = c.relowner
          where r.rolname = current_user`,
    );
    expect(owned.n).toBe(0);
    const company = await t.login(1, 'company01', 'company123');
    const added = await t.call(api.group.add, { name: 'RoleTeam', count: 1 }, company);
    expect(added.code).toBe(Code.ok);
    const groups = await t.call(api.group.list, { keyword: 'RoleTeam', page: 1, size: 10 }, company);
    expect(groups.data.list.map((g) => g.name)).toEqual(['RoleTeam']);
    const audited = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = ${api.group.add.path}`,
    );
    expect(audited.n).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('cannot change, empty or drop the audit log, nor drop or alter any table', async () => {
    const refused = [
      sql`update audit_log set ip = '0.0.0.0'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
      sql.raw(`update ${month} set ip = '0.0.0.0'`),
      sql.raw(`delete from ${month}`),
      sql.raw(`truncate ${month}`),
      sql.raw(`drop table ${month}`),
      sql`drop table audit_log_default`,
      sql`alter table audit_log detach partition audit_log_default`,
      sql`drop table audit_log`,
      sql`drop table terminals`,
      sql`alter table terminals add column nickname text`,
      sql`truncate terminals`,
      sql`create table notes (body text)`,
    ];
    for (const statement of refused) {
      // Refused by the grants (permission denied, must be owner), before the append-only triggers.
      const e = await t.database.db.execute(statement).then(
        () => undefined,
        (err: { cause?: { code?: string } }) => err.cause?.code,
      );
      expect(e, JSON.stringify(statement)).toBe('42501');
    }
    const kept = await one<{ n: number }>(sql`select count(*)::int as n from audit_log`);
    expect(kept.n).toBeGreaterThan(0);
  });

  it('runs the partition upkeep as the owner, which the server role could not', async () => {
    const tables = rowsOf<{ owner: string }>(
      await t.database.db.execute(
        sql`select distinct tableowner as owner from pg_tables
            where tablename ~ '^(audit_log|positions)_p[0-9]+$'`,
      ),
    );
    expect(tables.map((r) => r.owner)).not.toContain(serverRoleName);
    expect(tables.length).toBeGreaterThan(0);
    const later = Date.now() + 10 * 86_400_000;
    await expect(maintainPositions(t.database.db, 90, later)).rejects.toThrow();
    const made = await maintainPositions(t.database.owner, 90, later);
    expect(made.added.length).toBeGreaterThan(0);
    // A new table reaches the server through its parent, and by default it may read and add to it.
    const [day] = made.added;
    const table = `positions_p${day.replaceAll('-', '')}`;
    await expect(t.database.db.execute(sql.raw(`select count(*) from ${table}`))).resolves.toBeTruthy();
    await expect(t.database.db.execute(sql.raw(`delete from ${table}`))).rejects.toThrow();
    await expect(
      maintainAuditLog(t.database.owner, 24, new Date(Date.now() + 90 * 86_400_000)),
    ).resolves.toMatchObject({ dropped: [] });
  });
});
