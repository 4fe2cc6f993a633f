import { api, Code } from '@ptt/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orgs } from '../src/db/schema.ts';
import * as agents from '../src/modules/agent/service.ts';
import * as orgService from '../src/modules/org/service.ts';
import { maintainAuditLog } from '../src/modules/partitions/service.ts';
import { auditPage } from './audit-support.ts';
import { addOtherTenant, backends, type Session, useTestApp } from './harness.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);

describe.each(backends)('audit log on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 60_000 });
  let top: Session;
  let sub: Session;
  let company: Session;
  /** A company of the sub-agent. */
  let subco: Session;
  /** A company of another top-level agent. */
  let other: Session;
  let companyId: number;
  let subcoId: number;
  let otherId: number;
  const rows = async <R>(query: string) =>
    ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: R[] }).rows;
  const logged = async () => (await rows<{ n: number }>('select count(*)::int as n from audit_log'))[0].n;
  const audit = (session: Session, params: Record<string, unknown> = {}) => auditPage(t, session, params);
  beforeEach(async () => {
    await t.reset();
    top = await t.login(0, 'agent01', 'agent123');
    sub = await t.login(0, 'subagent01', 'agent123');
    company = await t.login(1, 'company01', 'company123');
    const subAgent = await agents.findByAccount(t.database.db, 'subagent01');
    subcoId = (
      await orgService.createOrg(t.database.db, subAgent?.id ?? 0, {
        name: 'Sub_Company',
        account: 'subco01',
        password: 'company123',
      })
    ).id;
    subco = await t.login(1, 'subco01', 'company123');
    otherId = (await addOtherTenant(t)).org.id;
    other = await t.login(1, 'company02', 'company123');
    companyId = (
      await t.database.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.account, 'company01'))
    )[0].id;
  });

  it('records a change once, with who, where from and only the fields that changed', async () => {
    const res = await t.call(
      api.org.updateUnit,
      { id: companyId, name: 'Demo_Company', contact: 'Carl Wong' },
      top,
    );
    expect(res.code, res.msg.en).toBe(Code.ok);
    const page = await audit(top);
    expect(page.list).toHaveLength(1);
    const [row] = page.list;
    expect(row).toMatchObject({
      actor_role: 0,
      actor_account: 'agent01',
      // The company whose record changed, so that it sees what its agent did to it.
      org_id: companyId,
      ip: '127.0.0.1',
      action: '/v1/org/updateUnit',
      target_kind: 'org',
      target_ids: [companyId],
    });
    expect(Object.keys(row.after?.[companyId] ?? {})).toEqual(['contact']);
    expect(row.after?.[companyId]?.contact).toBe('Carl Wong');
    expect(row.before?.[companyId]?.contact).toBe('Carol Wong');
    expect(row.params).toMatchObject({ id: companyId, name: 'Demo_Company', contact: 'Carl Wong' });
    expect((await audit(company)).list.map((r) => r.id)).toEqual([row.id]);
  });

  it('records a creation with its fields and a deletion with what it deleted', async () => {
    const made = await t.call(
      api.org.add,
      { name: 'Audit_Company', contact: 'Ann', account: 'auditco', password: 'company123' },
      top,
    );
    expect(made.code, made.msg.en).toBe(Code.ok);
    const gone = await t.call(api.org.deletingUnit, { id: made.data.id }, top);
    expect(gone.code, gone.msg.en).toBe(Code.ok);
    const [deleted, created] = (await audit(top)).list;
    expect(created.action).toBe('/v1/org/add');
    expect(created.before).toBeNull();
    expect(created.after?.[made.data.id]).toMatchObject({ name: 'Audit_Company', account: 'auditco' });
    expect(deleted.action).toBe('/v1/org/deletingUnit');
    expect(deleted.after).toBeNull();
    expect(deleted.before?.[made.data.id]).toMatchObject({ name: 'Audit_Company' });
  });

  it('never keeps a password, its hash, a code or a session', async () => {
    const a = await t.call(api.org.password, { id: companyId, password: 'secret99' }, top);
    expect(a.code, a.msg.en).toBe(Code.ok);
    const b = await t.call(
      api.profile.password,
      { oldPassword: 'agent123', newPassword: 'agent456', confirmPassword: 'agent456' },
      sub,
    );
    expect(b.code, b.msg.en).toBe(Code.ok);
    const stored = JSON.stringify(await rows('select before, after, params from audit_log'));
    expect(await logged()).toBe(2);
    for (const secret of ['secret99', 'agent123', 'agent456', 'password', 'Hash', 'openid', 'access_token'])
      expect(stored).not.toContain(secret);
  });

  it('writes nothing for a refused call, a read, a session or a device', async () => {
    const foreign = await t.call(
      api.org.updateUnit,
      { id: companyId, name: 'Demo_Company', contact: 'Xavier' },
      other,
    );
    expect(foreign.code).toBe(Code.notFound);
    const bad = await t.call(api.org.updateUnit, { id: companyId, email: 'not an email' }, top);
    expect(bad.code).toBe(Code.invalid);
    await t.call(api.org.info, { id: companyId }, top);
    await t.call(api.notice.readall, {}, top);
    await t.call(api.auth.logout, {}, other);
    expect(await logged()).toBe(0);
  });

  it('shows an agent its own, its sub-agents’ and its companies’ changes, and a company its own', async () => {
    expect((await t.call(api.profile.contact, { contact: 'Top' }, top)).code).toBe(Code.ok);
    expect((await t.call(api.profile.contact, { contact: 'Sub' }, sub)).code).toBe(Code.ok);
    expect((await t.call(api.profile.contact, { contact: 'Co' }, company)).code).toBe(Code.ok);
    expect((await t.call(api.profile.contact, { contact: 'SubCo' }, subco)).code).toBe(Code.ok);
    expect((await t.call(api.profile.contact, { contact: 'Other' }, other)).code).toBe(Code.ok);
    const actors = async (s: Session, params: Record<string, unknown> = {}) =>
      (await audit(s, params)).list.map((r) => r.actor_account).sort();
    expect(await actors(top)).toEqual(['agent01', 'company01', 'subagent01', 'subco01']);
    expect(await actors(sub)).toEqual(['subagent01', 'subco01']);
    expect(await actors(company)).toEqual(['company01']);
    expect(await actors(other)).toEqual(['company02']);
    expect(await actors(top, { orgId: subcoId })).toEqual(['subco01']);
    // A company out of the caller's scope is refused, like every id out of scope.
    expect((await t.call(api.audit.list, { orgId: subcoId }, company)).code).toBe(Code.notFound);
    expect((await t.call(api.audit.list, { orgId: companyId }, sub)).code).toBe(Code.notFound);
    expect((await t.call(api.audit.list, { orgId: otherId }, top)).code).toBe(Code.notFound);
  });

  it('filters by actor, action and days, newest first, a page at a time', async () => {
    for (const contact of ['Ann', 'Bob', 'Cat']) await t.call(api.profile.contact, { contact }, top);
    await t.call(api.profile.area, { area: 'Kowloon' }, company);
    const all = await audit(top, { size: 2 });
    expect(all.list.map((r) => r.action)).toEqual(['/v1/profile/area', '/v1/profile/contact']);
    expect(all.total).toBe(3);
    const second = await audit(top, { size: 2, page: 2 });
    expect(second.list).toHaveLength(2);
    expect((await audit(top, { actor: 'company01' })).list.map((r) => r.action)).toEqual([
      '/v1/profile/area',
    ]);
    const contacts = await audit(top, { action: '/v1/profile/contact' });
    expect(contacts.list.map((r) => r.after?.[contacts.list[0].actor_id]?.contact)).toEqual([
      'Cat',
      'Bob',
      'Ann',
    ]);
    const today = day(new Date());
    const yesterday = day(new Date(Date.now() - 86_400_000));
    expect((await audit(top, { from: today, to: today })).list).toHaveLength(4);
    expect((await audit(top, { from: yesterday, to: yesterday })).list).toHaveLength(0);
    expect((await t.call(api.audit.list, { from: today, to: yesterday }, top)).code).toBe(Code.invalid);
  });

  it('exports the list as filtered, in the reader’s language, and refuses a company another’s', async () => {
    await t.call(api.profile.contact, { contact: 'Ann' }, top);
    await t.call(api.profile.area, { area: 'Kowloon' }, company);
    await t.call(api.profile.area, { area: 'Shatin' }, subco);
    const get = (params: Record<string, unknown>, session: Session) =>
      t.app.inject({
        method: 'GET',
        url: `${api.audit.export.path}?${new URLSearchParams({ ...params, ...session } as Record<string, string>)}`,
      });
    const res = await get({ format: 'csv', lang: 'cn', timeZone: 'Asia/Shanghai', actor: 'company01' }, top);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = res.body
      .slice(1)
      .split('\r\n')
      .filter((l) => l !== '');
    expect(header.split(',').slice(0, 4)).toEqual(['时间 (Asia/Shanghai)', '操作账号', '操作人', '角色']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('company01,Demo_Company,单位');
    expect(lines[0]).toContain('修改本账号地区');
    expect(lines[0]).toContain('地区: — → Kowloon');
    const own = await get({ format: 'csv' }, sub);
    expect(own.body).toContain('subco01');
    expect(own.body).not.toContain('agent01');
    expect(own.body).not.toContain('company01');
    const xlsx = await get({ format: 'xlsx' }, top);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await get({ format: 'csv', orgId: subcoId }, company)).json().code).toBe(Code.notFound);
  });

  it('refuses to update, delete or truncate a row, whoever asks', async () => {
    await t.call(api.profile.contact, { contact: 'Kept' }, top);
    const [month] = await rows<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'audit_log'::regclass order by 1 limit 1`,
    );
    // The server's connection and the owner's (the same one without DATABASE_OWNER_URL) alike.
    for (const db of [t.database.db, t.database.owner]) {
      await expect(db.execute(sql`update audit_log set actor_account = 'nobody'`)).rejects.toThrow();
      await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
      await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
      await expect(db.execute(sql.raw(`truncate ${month.name}`))).rejects.toThrow();
    }
    expect((await rows<{ a: string }>('select actor_account as a from audit_log')).map((r) => r.a)).toEqual([
      'agent01',
    ]);
  });

  it.runIf(backend === 'postgres')(
    'grants the server’s role INSERT and SELECT on it, not UPDATE, DELETE or TRUNCATE',
    async () => {
      const granted = await rows<{ p: string }>(
        `select privilege_type as p from information_schema.table_privileges
       where table_name = 'audit_log' and grantee = current_user order by 1`,
      );
      const held = granted.map((r) => r.p);
      expect(held).toEqual(expect.arrayContaining(['INSERT', 'SELECT']));
      for (const refused of ['UPDATE', 'DELETE', 'TRUNCATE']) expect(held).not.toContain(refused);
    },
  );

  it('keeps month tables ahead and drops those past the retention whole', async () => {
    const now = new Date();
    const monthOf = (offset: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
    const made = await maintainAuditLog(t.database.owner, 24, new Date(`${monthOf(-30)}-15T00:00:00Z`));
    expect(made.added).toEqual([monthOf(-30), monthOf(-29), monthOf(-28)]);
    const insertAt = (account: string, at: string) =>
      t.database.db.execute(
        sql.raw(`insert into audit_log (actor_role, actor_id, actor_account, agent_path, ip, action, params, at)
                 values (0, 1, '${account}', 'AAAA', '::1', '/v1/profile/area', '{}', '${at}')`),
      );
    await insertAt('old', `${monthOf(-30)}-20T00:00:00Z`);
    // A month without a table: the row waits in the default partition.
    await insertAt('older', `${monthOf(-40)}-20T00:00:00Z`);
    const placed = await rows<{ part: string }>(
      `select tableoid::regclass::text as part from audit_log where actor_account = 'older'`,
    );
    expect(placed.map((r) => r.part)).toEqual(['audit_log_default']);
    await t.call(api.profile.area, { area: 'Now' }, top);
    const kept = await maintainAuditLog(t.database.owner, 24, now);
    expect(kept.dropped).toEqual([monthOf(-30), monthOf(-29), monthOf(-28)]);
    // All the default partition held was past the retention: it was made again, empty.
    expect(kept.defaultRenewed).toBe(true);
    expect((await rows<{ a: string }>('select actor_account as a from audit_log')).map((r) => r.a)).toEqual([
      'agent01',
    ]);
    await expect(t.database.db.execute(sql`truncate audit_log_default`)).rejects.toThrow();
  });

  it('keeps the default partition while it holds a row within the retention', async () => {
    await t.database.db.execute(
      sql.raw(`insert into audit_log (actor_role, actor_id, actor_account, agent_path, ip, action, params, at)
               values (0, 1, 'late', 'AAAA', '::1', '/v1/profile/area', '{}', '2999-01-01T00:00:00Z')`),
    );
    const kept = await maintainAuditLog(t.database.owner, 24);
    expect(kept.defaultRenewed).toBe(false);
    expect((await rows<{ a: string }>('select actor_account as a from audit_log')).map((r) => r.a)).toEqual([
      'late',
    ]);
  });
});
