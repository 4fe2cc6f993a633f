import { api, Code, NoticeType } from '@ptt/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCards, cardLedger, notices } from '../src/db/schema.ts';
import { addOtherTenant, backends, type Session, useTestApp } from './harness.ts';

/** Returning recycled cards to a lower agent (notice type 4). */
describe.each(backends)('returning cards to a lower agent on %s', (backend) => {
  const { t, top } = useTestApp(backend, { sessions: ['top'] });
  let me: number;
  let sub1: number;
  let sub2: number;
  let otherAgent: number;

  const balances = async (cardType = 0) =>
    Object.fromEntries(
      (
        await t.database.db
          .select({ agentId: agentCards.agentId, balance: agentCards.balance })
          .from(agentCards)
          .where(and(inArray(agentCards.agentId, [me, sub1, sub2]), eq(agentCards.cardType, cardType)))
      ).map((r) => [r.agentId, r.balance]),
    );
  const give = (agentId: number, quantity: number, s: Session = top) =>
    t.call(api.agent.returnCards, { agentId, cardType: 0, quantity }, s);
  const returnNotices = async (agentId: number) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notices)
        .where(and(eq(notices.agentId, agentId), eq(notices.type, NoticeType.returnToLower)))
    )[0].n;
  const ledgerRows = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(cardLedger))[0].n;

  beforeAll(async () => {
    me = (await t.call(api.profile.agent, {}, top)).data.id;
    sub1 = (await t.call(api.agent.list, {}, top)).data.list[0].id;
    const add = await t.call(
      api.agent.add,
      { name: 'ThirdReseller', contact: 'Eve', account: 'subagent03', password: 'agent123', blance: 1 },
      top,
    );
    sub2 = add.data.id;
    for (const id of [sub1, sub2])
      expect((await t.call(api.agent.blanceAdd, { agentId: id, cardType: 0, quantity: 60 }, top)).code).toBe(
        Code.ok,
      );
    expect(
      (await t.call(api.agent.cardRecovery, { agentId: sub1, cardType: 0, quantity: 30 }, top)).code,
    ).toBe(Code.ok);
  });

  it('gives back recycled cards with a type-4 notice and a record on both sides', async () => {
    const before = await balances();
    const answer = await give(sub1, 10);
    expect(answer.code).toBe(Code.ok);
    expect(answer.data.balance).toBe(before[me] - 10);
    const after = await balances();
    expect([after[me], after[sub1]]).toEqual([before[me] - 10, before[sub1] + 10]);
    const sub = await t.login(0, 'subagent01', 'agent123');
    const [notice] = (await t.call(api.notice.getNotice, {}, sub)).data.list;
    expect(notice).toMatchObject({
      type: NoticeType.returnToLower,
      cardType: 0,
      quantity: 10,
      fromAgent: { id: me },
      toAgent: { id: sub1 },
    });
    const [mine] = (await t.call(api.agent.getSalesPurchaseRecord, {}, top)).data.list;
    expect(mine).toMatchObject({ kind: 'restore', direction: 'out', quantity: 10 });
    const [theirs] = (await t.call(api.agent.getSalesPurchaseRecord, {}, sub)).data.list;
    expect(theirs).toMatchObject({ kind: 'restore', direction: 'in', quantity: 10 });
    const day = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const csv = async (s: Session) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/agent/exportSalesRecord?start=${from}&end=${day}&lang=en&access_token=${s.access_token}`,
        })
      ).body;
    expect(await csv(top)).toContain('Returned to lower agent');
    expect(await csv(sub)).toContain('Returned by upper agent');
  });

  it('gives back no more than it took back and has not returned, writing nothing when refused', async () => {
    const written = await ledgerRows();
    const over = await give(sub1, 21);
    expect([over.code, over.msg.en]).toEqual([
      Code.rule,
      'The quantity cannot exceed the cards taken back from this agent',
    ]);
    const none = await give(sub2, 1);
    expect([none.code, none.msg.cn]).toEqual([Code.rule, '没有可退还给该代理商的回收卡']);
    expect(await ledgerRows()).toBe(written);
    expect((await give(sub1, 0)).code).toBe(Code.invalid);
  });

  it('is a top-level agent’s, to its own sub-agents', async () => {
    const sub = await t.login(0, 'subagent01', 'agent123');
    expect((await give(sub1, 1, sub)).code).toBe(Code.forbidden);
    const other = await addOtherTenant(t);
    otherAgent = other.agent.id;
    expect((await give(other.agent.id, 1)).code).toBe(Code.notFound);
    const company = await t.login(1, 'company01', 'company123');
    expect((await give(sub1, 1, company)).code).toBe(Code.forbidden);
  });

  it('tells before a return how many cards may still go back to each sub-agent', async () => {
    const open = (agentId: number, s: Session = top) =>
      t.call(api.agent.returnable, { agentId, cardType: 0 }, s);
    expect([(await open(sub1)).code, (await open(sub1)).data]).toEqual([Code.ok, { count: 20 }]);
    expect((await open(sub2)).data).toEqual({ count: 0 });
    expect((await t.call(api.agent.returnable, { agentId: sub1, cardType: 1 }, top)).data).toEqual({
      count: 0,
    });
    expect((await open(sub1, await t.login(0, 'subagent01', 'agent123'))).code).toBe(Code.forbidden);
    expect((await open(otherAgent)).code).toBe(Code.notFound);
    expect((await open(sub1, await t.login(1, 'company01', 'company123'))).code).toBe(Code.forbidden);
  });

  it('answers a burst of returns exactly: the open amount goes back once, no more', async () => {
    expect(
      (await t.call(api.agent.cardRecovery, { agentId: sub2, cardType: 0, quantity: 15 }, top)).code,
    ).toBe(Code.ok);
    // sub1 has 20 open, sub2 15: 60 calls of one card each, half to each.
    const before = await balances();
    const notes = [await returnNotices(sub1), await returnNotices(sub2)];
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => give(i % 2 ? sub1 : sub2, 1)));
    expect(answers.filter((a) => a.code !== Code.ok && a.code !== Code.rule).map((a) => a.code)).toEqual([]);
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(35);
    const after = await balances();
    expect([after[me], after[sub1], after[sub2]]).toEqual([
      before[me] - 35,
      before[sub1] + 20,
      before[sub2] + 15,
    ]);
    expect([await returnNotices(sub1), await returnNotices(sub2)]).toEqual([notes[0] + 20, notes[1] + 15]);
    expect((await give(sub1, 1)).msg.en).toBe('No cards taken back from this agent are left to return');
  });
});
