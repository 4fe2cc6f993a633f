import { api, Code, NoticeType } from '@ptt/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCards, cardLedger, notices } from '../src/db/schema.ts';
import { backends, useTestApp } from './harness.ts';

describe.each(backends)('service-card ledger on %s', (backend) => {
  const { t, top } = useTestApp(backend, { sessions: ['top'] });
  let sub1: number;
  let sub2: number;
  beforeAll(async () => {
    const list = await t.call(api.agent.list, {}, top);
    sub1 = list.data.list[0].id;
    const add = await t.call(
      api.agent.add,
      {
        name: 'SecondReseller',
        contact: 'Dan',
        account: 'subagent02',
        password: 'agent123',
        blance: 1,
        sos_card: 1,
      },
      top,
    );
    expect(add.code).toBe(Code.ok);
    sub2 = add.data.id;
  });

  const balances = async (ids: number[], cardType: number) =>
    t.database.db
      .select({ agentId: agentCards.agentId, balance: agentCards.balance })
      .from(agentCards)
      .where(and(inArray(agentCards.agentId, ids), eq(agentCards.cardType, cardType)));

  /** Ledger rows and notices: a refused move writes neither. */
  const written = async () => {
    const [ledger] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(cardLedger);
    const [notes] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notices);
    return { ledger: ledger.n, notices: notes.n };
  };

  it('sells, refuses above the balance without changing anything, and recycles', async () => {
    const [before] = await balances([sub2], 0);
    const sale = await t.call(api.agent.blanceAdd, { agentId: sub2, cardType: 0, quantity: 5 }, top);
    expect(sale.code).toBe(Code.ok);
    const [after] = await balances([sub2], 0);
    expect(after.balance).toBe(before.balance + 5);
    // The row keeps both sides' balances after the move and who made it.
    const [row] = await t.database.db.select().from(cardLedger).orderBy(sql`${cardLedger.id} desc`).limit(1);
    expect(row).toMatchObject({
      kind: 'sale',
      toAgentId: sub2,
      toBalance: after.balance,
      fromBalance: sale.data.balance,
      operatorRole: 0,
      operatorId: row.fromAgentId,
    });

    const writtenBefore = await written();
    const tooMany = await t.call(
      api.agent.blanceAdd,
      { agentId: sub2, cardType: 0, quantity: 1_000_000 },
      top,
    );
    expect([tooMany.code, tooMany.msg.en]).toEqual([Code.rule, 'Insufficient voice card balance']);
    expect(await written()).toEqual(writtenBefore);
    expect((await balances([sub2], 0))[0].balance).toBe(after.balance);

    const back = await t.call(api.agent.cardRecovery, { agentId: sub2, cardType: 0, quantity: 2 }, top);
    expect(back.code).toBe(Code.ok);
    expect((await balances([sub2], 0))[0].balance).toBe(after.balance - 2);
  });

  it('applies the recycling rules', async () => {
    const writtenBefore = await written();
    const over = await t.call(api.agent.cardRecovery, { agentId: sub2, cardType: 0, quantity: 999 }, top);
    expect(over.msg.en).toBe('The quantity cannot exceed the existing amount');
    const zero = await t.call(api.agent.cardRecovery, { agentId: sub2, cardType: 3, quantity: 1 }, top);
    expect(zero.msg.en).toBe('The amount is 0 and cannot be recycled');
    expect(await written()).toEqual(writtenBefore);
    for (const quantity of ['0', '-1']) {
      const bad = await t.call(api.agent.cardRecovery, { agentId: sub2, cardType: 0, quantity }, top);
      expect(bad.msg.en).toBe('The quantity must be an integer greater than 0');
    }
    for (const quantity of ['1.5', 'abc', '1e0']) {
      const bad = await t.call(api.agent.cardRecovery, { agentId: sub2, cardType: 0, quantity }, top);
      expect([bad.code, bad.msg.en]).toEqual([Code.invalid, 'Please enter a whole number']);
    }
    const none = await t.call(api.agent.blanceAdd, { cardType: 0, quantity: 1 }, top);
    expect(none.msg.en).toBe('Please select an agent');
    const noType = await t.call(api.agent.blanceAdd, { agentId: sub2, quantity: 1 }, top);
    expect(noType.msg.en).toBe('Please select a card type');
  });

  it('sells a count written in digits only: 1e2 sells nothing, full-width digits sell what they show', async () => {
    const writtenBefore = await written();
    const [before] = await balances([sub2], 0);
    for (const quantity of ['1e2', '2.5', '0x10', 'Infinity', ' ']) {
      const bad = await t.call(api.agent.blanceAdd, { agentId: sub2, cardType: 0, quantity }, top);
      expect(bad.code, quantity).toBe(Code.invalid);
      expect(bad.msg.en, quantity).toBe(
        quantity === ' ' ? 'The minimum quantity is 1' : 'Please enter a whole number',
      );
    }
    const zero = await t.call(api.agent.blanceAdd, { agentId: sub2, cardType: 0, quantity: '0' }, top);
    expect(zero.msg.en).toBe('The minimum quantity is 1');
    const huge = await t.call(
      api.agent.blanceAdd,
      { agentId: sub2, cardType: 0, quantity: '9'.repeat(30) },
      top,
    );
    expect(huge.code).toBe(Code.invalid);
    expect(await written()).toEqual(writtenBefore);
    expect((await balances([sub2], 0))[0].balance).toBe(before.balance);

    const wide = await t.call(api.agent.blanceAdd, { agentId: sub2, cardType: 0, quantity: '２' }, top);
    expect(wide.code).toBe(Code.ok);
    expect((await balances([sub2], 0))[0].balance).toBe(before.balance + 2);
  });

  it('refuses card types the buyer’s switch hides', async () => {
    const writtenBefore = await written();
    const [before] = await balances([sub2], 7);
    const res = await t.call(api.agent.blanceAdd, { agentId: sub2, cardType: 7, quantity: 1 }, top);
    expect([res.code, res.msg.en]).toEqual([Code.rule, 'This card type is not available']);
    expect(await written()).toEqual(writtenBefore);
    expect((await balances([sub2], 7))[0].balance).toBe(before.balance);
  });

  it('keeps exact balances through 200 concurrent sales and recycles between three agents', async () => {
    const agents = [0, sub1, sub2];
    const me = (await t.call(api.profile.agent, {}, top)).data.id;
    agents[0] = me;
    const start = await balances(agents, 0);
    const total = start.reduce((s, r) => s + r.balance, 0);
    const noticesBefore = (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notices)
        .where(inArray(notices.type, [NoticeType.sale, NoticeType.recycle]))
    )[0].n;

    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const ops = Array.from({ length: 200 }, () => {
      const target = rand() < 0.5 ? sub1 : sub2;
      const quantity = 1 + Math.floor(rand() * 40);
      return rand() < 0.6
        ? t.call(api.agent.blanceAdd, { agentId: target, cardType: 0, quantity }, top)
        : t.call(api.agent.cardRecovery, { agentId: target, cardType: 0, quantity }, top);
    });
    const results = await Promise.all(ops);
    const succeeded = results.filter((r) => r.code === Code.ok).length;
    const other = results.filter((r) => r.code !== Code.ok && r.code !== Code.rule);
    expect(other.map((r) => [r.code, r.msg.en])).toEqual([]);
    expect(succeeded).toBeGreaterThan(50);

    const end = await balances(agents, 0);
    expect(end.every((r) => r.balance >= 0)).toBe(true);
    expect(end.reduce((s, r) => s + r.balance, 0)).toBe(total);

    // Every balance equals the sum of its ledger rows in minus out.
    for (const id of agents) {
      const [{ net }] = await t.database.db
        .select({
          net: sql<number>`coalesce(sum(case when ${cardLedger.toAgentId} = ${id} then ${cardLedger.quantity} else -${cardLedger.quantity} end), 0)::int`,
        })
        .from(cardLedger)
        .where(
          and(
            eq(cardLedger.cardType, 0),
            sql`(${cardLedger.toAgentId} = ${id} or ${cardLedger.fromAgentId} = ${id})`,
          ),
        );
      expect(end.find((r) => r.agentId === id)?.balance).toBe(net);
    }
    const noticesAfter = (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notices)
        .where(inArray(notices.type, [NoticeType.sale, NoticeType.recycle]))
    )[0].n;
    expect(noticesAfter - noticesBefore).toBe(succeeded);
  });

  it('lists sales, purchases and recycling in the record, filtered by card type and date', async () => {
    const rec = await t.call(api.agent.getSalesPurchaseRecord, { cardType: 0, size: 100 }, top);
    expect(rec.code).toBe(Code.ok);
    expect(rec.data.total).toBeGreaterThan(3);
    expect(rec.data.list.every((r) => r.cardType === 0)).toBe(true);
    const kinds = new Set(rec.data.list.map((r) => r.kind));
    expect(kinds.has('sale') && kinds.has('recycle')).toBe(true);
    const last = await t.call(
      api.agent.getSalesPurchaseRecord,
      { cardType: 0, size: 3, page: Math.ceil(rec.data.total / 3) },
      top,
    );
    expect(last.data.list.at(-1)?.kind).toBe('grant');
    const sale = rec.data.list.find((r) => r.kind === 'sale' && r.toAgent?.id === sub1);
    expect(sale?.direction).toBe('out');
    // Both sides are named as they are now.
    const [own, subName] = [
      (await t.call(api.profile.agent, {}, top)).data.name,
      (await t.call(api.agent.detail, { id: sub1 }, top)).data.name,
    ];
    expect([sale?.fromAgent?.name, sale?.toAgent?.name]).toEqual([own, subName]);
    const future = await t.call(
      api.agent.getSalesPurchaseRecord,
      { start: '2099-01-01', end: '2099-01-02' },
      top,
    );
    expect(future.data.total).toBe(0);

    const subSession = await t.login(0, 'subagent01', 'agent123');
    const subRec = await t.call(api.agent.getSalesPurchaseRecord, {}, subSession);
    expect(subRec.data.list.every((r) => r.toAgent?.id === sub1 || r.fromAgent?.id === sub1)).toBe(true);
    expect(subRec.data.list.some((r) => r.kind === 'sale' && r.direction === 'in')).toBe(true);
  });

  it('pages the record and the notices the same way whatever the page: newest first, every row once, one total', async () => {
    const sub = await t.login(0, 'subagent01', 'agent123');
    for (const [session, agentId] of [
      [top, undefined],
      [sub, sub1],
    ] as const) {
      const [{ n }] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(cardLedger)
        .where(
          sql`${agentId ?? sql`(select id from agents where account = 'agent01')`} in (from_agent_id, to_agent_id)`,
        );
      for (const filter of [{}, { cardType: 0 }]) {
        const read = async (size: number, page: number) =>
          (await t.call(api.agent.getSalesPurchaseRecord, { ...filter, size, page }, session)).data;
        const first = await read(100, 1);
        const all = [...first.list];
        for (let page = 2; page <= Math.ceil(first.total / 100); page++)
          all.push(...(await read(100, page)).list);
        if (Object.keys(filter).length === 0) expect(first.total).toBe(n);
        expect(all.length).toBe(first.total);
        expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
        const times = all.map((r) => r.created_at);
        expect(times).toEqual([...times].sort().reverse());
        const last = Math.ceil(first.total / 3);
        for (const page of [1, 2, 5, last]) {
          const p = await read(3, page);
          expect(p.total).toBe(first.total);
          expect(p.list.map((r) => r.id)).toEqual(all.slice((page - 1) * 3, page * 3).map((r) => r.id));
        }
        const past = await read(3, last + 1);
        expect([past.list.length, past.total]).toEqual([0, first.total]);
      }
    }
    const notes = (await t.call(api.notice.getNotice, { size: 100 }, sub)).data;
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notices)
      .where(eq(notices.agentId, sub1));
    expect([notes.total, notes.list.length]).toEqual([n, Math.min(n, 100)]);
    const second = (await t.call(api.notice.getNotice, { size: 2, page: 2 }, sub)).data;
    expect(second.list.map((r) => r.id)).toEqual(notes.list.slice(2, 4).map((r) => r.id));
    expect(second.total).toBe(n);
    const past = (await t.call(api.notice.getNotice, { size: 2, page: 99 }, sub)).data;
    expect([past.list.length, past.total]).toEqual([0, n]);
  });

  it('exports a range as CSV with a BOM, in the chosen language, within 90 days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/agent/exportSalesRecord?start=${from}&end=${today}&lang=cn2&access_token=${top.access_token}`,
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    expect(res.body).toContain('時間 (UTC),類型,卡類型,數量');
    expect(res.body).toContain('對講卡');
    expect(res.body).toContain('Demo_Subagent');

    const long = await t.call(api.agent.exportSalesRecord, { start: '2026-01-01', end: '2026-06-01' }, top);
    expect(long.msg.en).toBe('The date range cannot exceed 90 days');
    const reversed = await t.call(api.agent.exportSalesRecord, { start: today, end: from }, top);
    expect(reversed.msg.en).toBe('The start date cannot be after the end date');
  });

  it('writes the times of the CSV in the zone the screen shows, and names the zone', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const [newest] = (await t.call(api.agent.getSalesPurchaseRecord, { size: 1 }, top)).data.list;
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/agent/exportSalesRecord?start=${from}&end=${today}&lang=en&timeZone=Asia%2FHong_Kong&access_token=${top.access_token}`,
    });
    expect(res.body).toContain('Time (Asia/Hong_Kong),Movement,Card type');
    expect(res.headers['content-disposition']).toContain('Asia_Hong_Kong.csv');
    // Hong Kong keeps no summer time: UTC+8 all year.
    const local = new Date(Date.parse(newest.created_at) + 8 * 3_600_000).toISOString();
    expect(res.body.split('\r\n')[1]?.slice(0, 19)).toBe(`${local.slice(0, 10)} ${local.slice(11, 19)}`);
    const utc = await t.app.inject({
      method: 'GET',
      url: `/v1/agent/exportSalesRecord?start=${from}&end=${today}&access_token=${top.access_token}`,
    });
    expect(utc.body).toContain('Time (UTC),');
    const bad = await t.call(
      api.agent.exportSalesRecord,
      { start: from, end: today, timeZone: 'Mars/Base' },
      top,
    );
    expect(bad.code).toBe(Code.invalid);
  });

  it('names the company in the rows of cards used for its users and refunded for its deleted users', async () => {
    const org = (await t.call(api.agent.orgs, {}, top)).data.list[0];
    const made = await t.callBody(
      api.terminal.batch,
      { orgId: org.id, userType: 0, prefix: 'Ledger', mode: 'scan' },
      { ssids: ['359123000000001', '359123000000002'] },
      top,
    );
    expect(made.code).toBe(Code.ok);
    const ids = made.data.created.map((c) => c.id).join(',');
    expect((await t.call(api.terminal.addService, { ids, cardType: 4 }, top)).code).toBe(Code.ok);
    expect((await t.call(api.terminal.cardBack, { ids }, top)).code).toBe(Code.ok);
    const rows = (await t.call(api.agent.getSalesPurchaseRecord, { size: 3 }, top)).data.list;
    expect(rows.map((r) => [r.kind, r.cardType, r.quantity, r.org?.orgName])).toEqual([
      ['return', 0, 2, org.corg_name],
      ['consume', 4, 2, org.corg_name],
      ['consume', 0, 2, org.corg_name],
    ]);
  });

  it('asks for the service card password once one is set', async () => {
    const { hashPassword } = await import('../src/lib/crypto.ts');
    const { agents } = await import('../src/db/schema.ts');
    await t.database.db
      .update(agents)
      .set({ payPwdHash: await hashPassword('246810') })
      .where(eq(agents.account, 'agent01'));
    const missing = await t.call(api.agent.blanceAdd, { agentId: sub2, cardType: 0, quantity: 1 }, top);
    expect(missing.msg.en).toBe('Please enter the service card password');
    const wrong = await t.call(
      api.agent.blanceAdd,
      { agentId: sub2, cardType: 0, quantity: 1, payPwd: '111111' },
      top,
    );
    expect(wrong.msg.en).toBe('Service card password error');
    const right = await t.call(
      api.agent.blanceAdd,
      { agentId: sub2, cardType: 0, quantity: 1, payPwd: '246810' },
      top,
    );
    expect(right.code).toBe(Code.ok);
  });
});
