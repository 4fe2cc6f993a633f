import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orgs } from '../src/db/schema.ts';
import * as agents from '../src/modules/agent/service.ts';
import { lastAuditRow, refuseAudit } from './audit-support.ts';
import { backends, type Session, useTestApp } from './harness.ts';

/**
 * The account changes write their audit row in their own transaction: the record they changed, named
 * as its kind (the signed-in account's by its role), and the fields they wrote before → after.
 */
describe.each(backends)('the audit of account changes on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 60_000 });
  let top: Session;
  let company: Session;
  let topId: number;
  let subId: number;
  let companyId: number;
  beforeEach(async () => {
    await t.reset();
    top = await t.login(0, 'agent01', 'agent123');
    company = await t.login(1, 'company01', 'company123');
    topId = (await agents.findByAccount(t.database.db, 'agent01'))?.id ?? 0;
    subId = (await agents.findByAccount(t.database.db, 'subagent01'))?.id ?? 0;
    companyId = (
      await t.database.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.account, 'company01'))
    )[0].id;
  });

  const lastRow = (action: string) => lastAuditRow(t, action);
  const ok = async (res: Promise<{ code: number; msg: { en: string } }>) => {
    const r = await res;
    expect(r.code, r.msg.en).toBe(Code.ok);
  };

  it('names the signed-in account as an agent or a company by its role, with the field before → after', async () => {
    await ok(t.call(api.profile.contact, { contact: 'Alice Lam' }, top));
    expect(await lastRow('/v1/profile/contact')).toMatchObject({
      targetKind: 'agent',
      targetIds: [topId],
      orgId: null,
      before: { [topId]: { contact: 'Alice Chan' } },
      after: { [topId]: { contact: 'Alice Lam' } },
    });
    await ok(t.call(api.profile.contact, { contact: 'Carl Wong' }, company));
    expect(await lastRow('/v1/profile/contact')).toMatchObject({
      targetKind: 'org',
      targetIds: [companyId],
      orgId: companyId,
      before: { [companyId]: { contact: 'Carol Wong' } },
      after: { [companyId]: { contact: 'Carl Wong' } },
    });
  });

  it('keeps only the fields an edit changed, and none when it wrote what was there', async () => {
    await ok(t.call(api.org.updateUnit, { id: companyId, name: 'Demo_Company', contact: 'Carl Wong' }, top));
    const row = await lastRow('/v1/org/updateUnit');
    expect(row.before).toEqual({ [companyId]: { contact: 'Carol Wong' } });
    expect(row.after).toEqual({ [companyId]: { contact: 'Carl Wong' } });
    await ok(t.call(api.org.updateUnit, { id: companyId, name: 'Demo_Company', contact: 'Carl Wong' }, top));
    expect(await lastRow('/v1/org/updateUnit')).toMatchObject({
      targetIds: [companyId],
      before: null,
      after: null,
    });
  });

  it('a change of agent names the company and its agent before → after; the company sees it', async () => {
    await ok(t.call(api.org.changeAgent, { orgId: companyId, agentId: subId }, top));
    const row = await lastRow('/v1/org/changeAgent');
    expect(row).toMatchObject({
      targetKind: 'org',
      targetIds: [companyId],
      orgId: companyId,
      before: { [companyId]: { agentId: topId } },
      after: { [companyId]: { agentId: subId } },
    });
    const seen = await t.call(api.audit.list, { action: '/v1/org/changeAgent' }, company);
    expect(seen.data.list.map((r) => r.id)).toEqual([row.id]);
  });

  it('a sub-agent’s card switch and an agent’s threshold are kept by card type', async () => {
    await ok(t.call(api.agent.updateAgent, { id: subId, video_card: 1, blance: 1 }, top));
    expect(await lastRow('/v1/agent/updateAgent')).toMatchObject({
      targetKind: 'agent',
      targetIds: [subId],
      before: { [subId]: { videoEnabled: false } },
      after: { [subId]: { videoEnabled: true } },
    });
    await ok(t.call(api.agent.setThreshold, { cardType: 2, threshold: 15 }, top));
    expect(await lastRow('/v1/agent/setThreshold')).toMatchObject({
      targetKind: 'agent',
      targetIds: [topId],
      before: { [topId]: { locationThreshold: 0 } },
      after: { [topId]: { locationThreshold: 15 } },
    });
  });

  it('a creation has no before, a deletion no after; a feedback is its own target', async () => {
    const made = await t.call(
      api.org.add,
      { name: 'Audit_Company', contact: 'Ann', account: 'auditco', password: 'company123' },
      top,
    );
    expect(made.code, made.msg.en).toBe(Code.ok);
    const created = await lastRow('/v1/org/add');
    expect(created).toMatchObject({ targetKind: 'org', targetIds: [made.data.id], orgId: made.data.id });
    expect(created.before).toBeNull();
    expect(created.after?.[made.data.id]).toMatchObject({ name: 'Audit_Company', account: 'auditco' });
    await ok(t.call(api.org.deletingUnit, { id: made.data.id }, top));
    const deleted = await lastRow('/v1/org/deletingUnit');
    expect(deleted.after).toBeNull();
    expect(deleted.before?.[made.data.id]).toMatchObject({ name: 'Audit_Company', agentId: topId });

    const sent = await t.call(api.feedback.send, { content: 'The map works well' }, company);
    expect(sent.code, sent.msg.en).toBe(Code.ok);
    expect(await lastRow('/v1/feedback/send')).toMatchObject({
      targetKind: 'feedback',
      targetIds: [sent.data.id],
      orgId: companyId,
      before: null,
      after: { [sent.data.id]: { content: 'The map works well', contact: '' } },
    });
  });

  it('a new password names its account and keeps no field of it', async () => {
    await ok(t.call(api.agent.password, { id: subId, password: 'secret99' }, top));
    expect(await lastRow('/v1/agent/password')).toMatchObject({
      targetKind: 'agent',
      targetIds: [subId],
      before: null,
      after: null,
    });
  });

  it('an edit whose audit row cannot be written is not made', async () => {
    const allow = await refuseAudit(t, '/v1/profile/contact');
    try {
      expect((await t.call(api.profile.contact, { contact: 'Unrecorded' }, company)).code).not.toBe(Code.ok);
    } finally {
      await allow();
    }
    expect((await t.call(api.profile.org, {}, company)).data.contact).toBe('Carol Wong');
    expect(await lastRow('/v1/profile/contact')).toBeUndefined();
  });

  it('a deletion whose audit row cannot be written leaves the company and its sessions', async () => {
    const made = await t.call(
      api.org.add,
      { name: 'Kept_Company', contact: 'Ann', account: 'keptco', password: 'company123' },
      top,
    );
    const kept = await t.login(1, 'keptco', 'company123');
    const allow = await refuseAudit(t, '/v1/org/deletingUnit');
    try {
      expect((await t.call(api.org.deletingUnit, { id: made.data.id }, top)).code).not.toBe(Code.ok);
    } finally {
      await allow();
    }
    expect((await t.call(api.org.info, { id: made.data.id }, top)).code).toBe(Code.ok);
    expect((await t.call(api.profile.org, {}, kept)).code).toBe(Code.ok);
  });
});
