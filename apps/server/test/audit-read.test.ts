import { api, Code } from '@ptt/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { auditPage } from './audit-support.ts';
import { addOtherTenant, backends, type Session, useTestApp } from './harness.ts';
import { demoTerminals } from './renewal-support.ts';

/** The audit as a person reads it: names, the companies a row touches, one record's changes. */
describe.each(backends)('the audit read by people on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 60_000 });
  let top: Session;
  let company: Session;
  let other: Session;
  let companyId: number;
  let terminalIds: number[];
  let otherOrgId: number;

  const audit = async (session: Session, params: Record<string, unknown> = {}) =>
    (await auditPage(t, session, params)).list;
  beforeEach(async () => {
    await t.reset();
    top = await t.login(0, 'agent01', 'agent123');
    company = await t.login(1, 'company01', 'company123');
    const demo = await demoTerminals(t);
    companyId = demo.org.id;
    terminalIds = demo.ids;
    otherOrgId = (await addOtherTenant(t)).org.id;
    other = await t.login(1, 'company02', 'company123');
  });

  it('names the actor and the targets, and a deleted target by the name the row kept', async () => {
    const made = await t.call(
      api.org.add,
      { name: 'Brief_Company', contact: 'Ann', account: 'briefco', password: 'company123' },
      top,
    );
    expect(made.code, made.msg.en).toBe(Code.ok);
    const renamed = await t.call(api.terminal.updateUser, { id: terminalIds[0], name: 'Harbour_1' }, top);
    expect(renamed.code, renamed.msg.en).toBe(Code.ok);
    expect((await t.call(api.org.deletingUnit, { id: made.data.id }, top)).code).toBe(Code.ok);
    const [deleted, edited, created] = await audit(top);
    expect(edited.actor_name).toBe('Demo_Agent');
    expect(edited.targets).toEqual([{ id: terminalIds[0], name: 'Harbour_1', exists: true }]);
    expect(created.targets).toEqual([{ id: made.data.id, name: 'Brief_Company', exists: false }]);
    expect(deleted.targets).toEqual([{ id: made.data.id, name: 'Brief_Company', exists: false }]);
  });

  it('finds a row written before the list of companies by the one company it named', async () => {
    await t.database.db.insert(auditLog).values({
      actorRole: 0,
      actorId: 1,
      actorAccount: 'agent01',
      orgId: companyId,
      agentPath: '0001',
      ip: '127.0.0.1',
      action: api.org.updateUnit.path,
      targetKind: 'org',
      targetIds: [companyId],
      params: {},
    });
    const own = await audit(company);
    expect(own.map((r) => r.action)).toContain(api.org.updateUnit.path);
    const filtered = await audit(top, { orgId: companyId });
    expect(filtered.map((r) => r.action)).toContain(api.org.updateUnit.path);
    expect((await audit(other)).map((r) => r.action)).not.toContain(api.org.updateUnit.path);
  });

  it('shows a company every change to its records, whoever made it, and the filter finds them', async () => {
    const res = await t.callBody(
      api.terminal.batch,
      { orgId: companyId, userType: 0, prefix: 'Crew', mode: 'scan' },
      { ssids: ['359123000000101', '359123000000102'] },
      top,
    );
    expect(res.code, res.msg.en).toBe(Code.ok);
    const [own] = await audit(company);
    expect(own).toMatchObject({
      actor_account: 'agent01',
      actor_name: 'Demo_Agent',
      action: '/v1/terminal/batch',
      org_id: companyId,
      org_ids: [companyId],
    });
    expect(own.targets.map((x) => x.name)).toEqual(['Crew1', 'Crew2']);
    expect(own.names.agent).toMatchObject({ [String(own.cards?.[0]?.agent_id)]: 'Demo_Agent' });
    const filtered = await audit(top, { orgId: companyId });
    expect(filtered.map((r) => r.action)).toEqual(['/v1/terminal/batch']);
    expect(await audit(other)).toEqual([]);
  });

  it('finds one record’s changes and refuses another tenant’s record or a half-named one', async () => {
    for (const [i, name] of ['Harbour_1', 'Harbour_2'].entries())
      await t.call(api.terminal.updateUser, { id: terminalIds[i], name }, top);
    await t.call(api.org.updateUnit, { id: companyId, name: 'Demo_Company', contact: 'Carl' }, top);
    const one = await audit(company, { targetKind: 'terminal', targetId: terminalIds[1] });
    expect(one.map((r) => r.targets[0]?.name)).toEqual(['Harbour_2']);
    const co = await audit(top, { targetKind: 'org', targetId: companyId });
    expect(co.map((r) => r.action)).toEqual(['/v1/org/updateUnit']);
    const foreign = await t.call(api.audit.list, { targetKind: 'org', targetId: otherOrgId }, top);
    expect(foreign.code).toBe(Code.notFound);
    expect((await t.call(api.audit.list, { orgId: otherOrgId }, top)).code).toBe(Code.notFound);
    expect((await t.call(api.audit.list, { targetKind: 'org', targetId: companyId }, other)).code).toBe(
      Code.notFound,
    );
    expect((await t.call(api.audit.list, { targetKind: 'terminal' }, top)).code).toBe(Code.invalid);
    expect((await t.call(api.audit.list, { targetKind: 'sos', targetId: 1 }, top)).code).toBe(Code.invalid);
  });

  it('exports the actions, names and changes in the reader’s words', async () => {
    await t.call(api.terminal.updateUser, { id: terminalIds[0], name: 'Harbour_1', dispatcher: '1' }, top);
    const res = await t.app.inject({
      method: 'GET',
      url: `${api.audit.export.path}?${new URLSearchParams({ format: 'csv', lang: 'en', timeZone: 'UTC', ...top })}`,
    });
    const [header, line] = res.body.slice(1).split('\r\n');
    expect(header).toBe('Time (UTC),Account,Name,Role,Address,Action,Target,Changes,Sent');
    expect(line).toContain('agent01,Demo_Agent,Agent');
    expect(line).toContain('Edited a user,Harbour_1');
    expect(line).toMatch(/Name: .+ → Harbour_1/);
    expect(line).toContain('Dispatcher: off → on');
  });
});
