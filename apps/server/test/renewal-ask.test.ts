import { api, Code, Messages, NoticeType } from '@ptt/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notices, rateLimits } from '../src/db/schema.ts';
import * as agents from '../src/modules/agent/service.ts';
import { addOtherTenant, backends, type Session, useTestApp } from './harness.ts';
import { day, renewalTenants, setExpiries } from './renewal-support.ts';

describe.each(backends)('a company asks its agent to renew, on %s', (backend) => {
  const { t } = useTestApp(backend);
  let top: Session;
  let sub: Session;
  let company: Session;
  let other: Session;
  let otherAgent: Session;
  /** The demo company's terminals (agent01's) and a terminal of a company of the sub-agent. */
  let T: number[];
  let S: number[];
  let topId: number;

  beforeAll(async () => {
    ({ T, S, top, sub, company } = await renewalTenants(t, 2));
    await addOtherTenant(t);
    other = await t.login(1, 'company02', 'company123');
    otherAgent = await t.login(0, 'agent02', 'agent123');
    topId = (await agents.findByAccount(t.database.db, 'agent01'))?.id ?? 0;
    await setExpiries(t, T[0], { voice: day(5) });
    await setExpiries(t, T[1], { location: day(20) });
    await setExpiries(t, T[2], { voice: day(6) });
  });

  const requestsOf = (agentId: number) =>
    t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.agentId, agentId), eq(notices.type, NoticeType.renewalRequest)))
      .orderBy(desc(notices.id));

  it('reaches the agent as one notice naming the users, which opens its radar on them', async () => {
    const asked = await t.call(api.terminal.askRenewal, { ids: `${T[1]},${T[0]}`, within: '30' }, company);
    expect(asked.code).toBe(Code.ok);
    expect(asked.msg).toEqual(Messages.renewalAsked);
    expect(asked.data).toEqual({ asked: 2 });
    const [notice] = await requestsOf(topId);
    expect(notice).toMatchObject({ orgName: expect.any(String), quantity: 2, days: 30, readAt: null });
    expect(notice.users?.map((u) => u.account)).toHaveLength(2);
    // The agent's notice list says it, and its radar on the notice lists those two, not T[2].
    const listed = await t.call(api.notice.getNotice, { page: 1, size: 5 }, top);
    expect(listed.data.list[0]).toMatchObject({
      id: notice.id,
      type: NoticeType.renewalRequest,
      userCount: 2,
    });
    const radar = await t.call(api.terminal.expiring, { notice: notice.id, within: '30' }, top);
    expect(radar.data.list.map((r) => r.id).sort()).toEqual([T[0], T[1]].sort());
    // Another agent cannot read the radar through it.
    const foreign = await t.call(api.terminal.expiring, { notice: notice.id, within: '30' }, otherAgent);
    expect(foreign.data.total).toBe(0);
    // The change is in the company's audit, naming the users.
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, api.terminal.askRenewal.path))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row.actorRole).toBe(1);
    expect([...row.targetIds].sort()).toEqual([T[0], T[1]].sort());
    const trail = await t.call(api.audit.list, { page: 1, size: 5 }, company);
    expect(trail.data.list.some((a) => a.action === api.terminal.askRenewal.path)).toBe(true);
  });

  it('names only the company’s own users: another company’s, or an agent, is refused and writes nothing', async () => {
    const before = (await requestsOf(topId)).length;
    expect((await t.call(api.terminal.askRenewal, { ids: `${T[0]},${S[0]}` }, company)).code).toBe(
      Code.notFound,
    );
    expect((await t.call(api.terminal.askRenewal, { ids: `${T[0]}` }, other)).code).toBe(Code.notFound);
    expect((await t.call(api.terminal.askRenewal, { ids: `${T[0]}` }, top)).code).toBe(Code.forbidden);
    expect((await t.call(api.terminal.askRenewal, { ids: `${S[0]}` }, sub)).code).toBe(Code.forbidden);
    expect((await t.call(api.terminal.askRenewal, { ids: '' }, company)).code).toBe(Code.invalid);
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    const tooMany = await t.call(api.terminal.askRenewal, { ids: many }, company);
    expect(tooMany.msg).toEqual(Messages.askMax);
    expect((await requestsOf(topId)).length).toBe(before);
  });

  it('opens the expired window from a request sent there, and stops a company after 10 a day', async () => {
    await setExpiries(t, T[3], { voice: day(-3) });
    const expired = await t.call(api.terminal.askRenewal, { ids: `${T[3]}`, within: 'expired' }, company);
    expect(expired.code).toBe(Code.ok);
    const [notice] = await requestsOf(topId);
    expect(notice.days).toBe(0);
    const radar = await t.call(api.terminal.expiring, { notice: notice.id, within: 'expired' }, top);
    expect(radar.data.list.map((r) => r.id)).toEqual([T[3]]);
    // Two sent above; eight more pass, the eleventh is refused with its own message and writes nothing.
    for (let i = 0; i < 8; i++)
      expect((await t.call(api.terminal.askRenewal, { ids: `${T[0]}` }, company)).code).toBe(Code.ok);
    const count = (await requestsOf(topId)).length;
    const refused = await t.call(api.terminal.askRenewal, { ids: `${T[0]}` }, company);
    expect(refused.code).toBe(Code.tooMany);
    expect(refused.msg).toEqual(Messages.askedTooOften);
    expect((await requestsOf(topId)).length).toBe(count);
    // The count is the company's: when its day's window is over, it may ask again.
    await t.database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} like 'renewal-ask:%'`);
    expect((await t.call(api.terminal.askRenewal, { ids: `${T[0]}` }, company)).code).toBe(Code.ok);
  });
});
