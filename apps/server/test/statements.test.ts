import { readFileSync } from 'node:fs';
import { api, Code, type DataOf } from '@ptt/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCards, cardLedger } from '../src/db/schema.ts';
import * as agents from '../src/modules/agent/service.ts';
import * as orgs from '../src/modules/org/service.ts';
import { addOtherTenant, backends, type Session, useTestApp } from './harness.ts';

type Row = DataOf<typeof api.agent.statement>['list'][number];
type Month = DataOf<typeof api.agent.statementMonths>['list'][number];

/** A small seeded generator (mulberry32), so that a failing sequence can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { int, pick: <T>(xs: T[]) => xs[int(0, xs.length - 1)] };
}

const SALE_TYPES = [0, 2, 3];
const MOVES = 500;
const addMonths = (month: string, n: number) => {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1 + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};
const zonedMonth = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);

describe.each(backends)('statements on %s', (backend) => {
  const { t, top } = useTestApp(backend, { sessions: ['top'] });
  let ids: { top: number; sub1: number; sub2: number };
  const sessions: Record<string, Session> = {};

  beforeAll(async () => {
    const add = await t.call(
      api.agent.add,
      {
        name: 'Second',
        contact: 'Dan',
        account: 'subagent02',
        password: 'agent123',
        blance: 1,
        location_card: 1,
        sos_card: 1,
      },
      top,
    );
    expect(add.code).toBe(Code.ok);
    const idOf = async (account: string) => (await agents.findByAccount(t.database.db, account))?.id ?? 0;
    ids = { top: await idOf('agent01'), sub1: await idOf('subagent01'), sub2: add.data.id };
    sessions.top = top;
    sessions.sub1 = await t.login(0, 'subagent01', 'agent123');
    sessions.sub2 = await t.login(0, 'subagent02', 'agent123');
  });

  /** Every statement row of an agent, newest first, read page by page. */
  async function allRows(session: Session, filter: Record<string, unknown> = {}) {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const res = await t.call(api.agent.statement, { ...filter, page, size: 100 }, session);
      expect(res.code).toBe(Code.ok);
      rows.push(...res.data.list);
      if (rows.length >= res.data.total) return rows;
    }
  }

  const balanceOf = async (agentId: number, cardType: number) =>
    (
      await t.database.db
        .select({ balance: agentCards.balance })
        .from(agentCards)
        .where(and(eq(agentCards.agentId, agentId), eq(agentCards.cardType, cardType)))
    )[0].balance;

  it('answers agents only, its own rows only, and refuses bad dates with a coded error', async () => {
    const company = await t.login(1, 'company01', 'company123');
    for (const e of [api.agent.statement, api.agent.statementMonths])
      expect((await t.call(e, {}, company)).code).toBe(Code.forbidden);
    const other = await addOtherTenant(t);
    await t.database.db.transaction(async (tx) => {
      const { grant } = await import('../src/modules/card/service.ts');
      await grant(tx, other.agent.id, 0, 5);
    });
    const stranger = await t.login(0, 'agent02', 'agent123');
    const theirs = await allRows(stranger);
    expect(theirs.map((r) => [r.kind, r.direction, r.before, r.after, r.counterpart, r.operator])).toEqual([
      ['grant', 'in', 0, 5, null, null],
    ]);
    const sub1Rows = await allRows(sessions.sub1);
    expect(sub1Rows.length).toBeGreaterThan(0);
    const mine = await t.database.db
      .select({ id: cardLedger.id })
      .from(cardLedger)
      .where(sql`${ids.sub1} in (${cardLedger.fromAgentId}, ${cardLedger.toAgentId})`);
    expect(sub1Rows.map((r) => r.id).sort()).toEqual(mine.map((r) => r.id).sort());
    for (const bad of [
      [{ from: '2026-02-30' }, 'Invalid parameters'],
      [{ from: '2026-05-02', to: '2026-05-01' }, 'The start date cannot be after the end date'],
      [{ cardType: 9 }, 'Please select a card type'],
    ] as const) {
      const res = await t.call(api.agent.statement, bad[0], top);
      expect([res.code, res.msg.en]).toEqual([Code.invalid, bad[1]]);
    }
    for (const bad of [
      [{ from: '2026-1' }, 'Invalid parameters'],
      [{ from: '2026-05', to: '2026-04' }, 'The start date cannot be after the end date'],
      [{ from: '2024-01', to: '2026-01' }, 'The range cannot exceed 24 months'],
      [{ timeZone: 'Mars/Base' }, 'Invalid parameters'],
    ] as const) {
      const res = await t.call(api.agent.statementMonths, bad[0], top);
      expect([res.code, res.msg.en]).toEqual([Code.invalid, bad[1]]);
    }
    // The cap is the span: 24 months ending with this one each carry every type the agent holds.
    const now = zonedMonth('UTC');
    const twoYears = await t.call(api.agent.statementMonths, { from: addMonths(now, -23), to: now }, top);
    expect(twoYears.code).toBe(Code.ok);
    expect(new Set(twoYears.data.list.map((m) => m.month)).size).toBe(24);
    const voice = twoYears.data.list.filter((m) => m.cardType === 0);
    expect([voice.length, voice[23].closing]).toEqual([24, await balanceOf(ids.top, 0)]);
  });

  it('agrees with the balances after 500 random sales, recycles, restores, batches, deletions and renewals', async () => {
    const rnd = prng(45);
    const subs = [ids.sub1, ids.sub2];
    // A company of each agent, and the terminals the run created in it.
    const companies: { agent: string; orgId: number; terminals: number[] }[] = [];
    for (const [agent, agentId] of [
      ['top', ids.top],
      ['sub1', ids.sub1],
      ['sub2', ids.sub2],
    ] as const) {
      const org = await orgs.createOrg(t.database.db, agentId, {
        name: `Stmt_${agent}`,
        account: `stmt${agent}`,
        password: 'company123',
      });
      companies.push({ agent, orgId: org.id, terminals: [] });
    }
    let ssid = 863000000000000;
    const done: Record<string, number> = {};
    for (let i = 0; i < MOVES; i++) {
      const roll = rnd.int(0, 99);
      const sub = rnd.pick(subs);
      const cardType = rnd.pick(SALE_TYPES);
      let res: { code: number };
      let kind: string;
      if (roll < 25) {
        kind = 'sale';
        res = await t.call(api.agent.blanceAdd, { agentId: sub, cardType, quantity: rnd.int(1, 20) }, top);
      } else if (roll < 37) {
        kind = 'recycle';
        res = await t.call(api.agent.cardRecovery, { agentId: sub, cardType, quantity: rnd.int(1, 5) }, top);
      } else if (roll < 45) {
        kind = 'restore';
        res = await t.call(api.agent.returnCards, { agentId: sub, cardType, quantity: rnd.int(1, 3) }, top);
      } else if (roll < 65) {
        kind = 'batch';
        const co = rnd.pick(companies);
        const n = rnd.int(1, 3);
        const ssids = Array.from({ length: n }, () => String(ssid++));
        const made = await t.callBody(
          api.terminal.batch,
          { orgId: co.orgId, userType: 0, prefix: 'St', mode: 'input' },
          { ssids },
          sessions[co.agent],
        );
        if (made.code === Code.ok) co.terminals.push(...made.data.created.map((c) => c.id));
        res = made;
      } else if (roll < 80) {
        kind = 'delete';
        const co = rnd.pick(companies);
        const gone = co.terminals.splice(0, rnd.int(1, 2));
        // The top agent deletes in its sub-agents' companies too: the refund goes to whoever paid.
        const by = rnd.int(0, 1) === 0 ? top : sessions[co.agent];
        res = gone.length ? await t.call(api.terminal.cardBack, { ids: gone.join(',') }, by) : { code: -1 };
      } else if (roll < 90) {
        kind = 'renewBatch';
        const co = rnd.pick(companies.filter((c) => c.agent !== 'top' || rnd.int(0, 1) === 0));
        const chosen = co.terminals.slice(0, rnd.int(1, 4));
        const params = { ids: chosen.join(','), functions: rnd.pick(['voice', 'location', 'voice,sos']) };
        const preview = chosen.length
          ? await t.call(api.terminal.renewPreview, params, sessions[co.agent])
          : null;
        res =
          preview?.code === Code.ok
            ? await t.call(
                api.terminal.renewBatch,
                { ...params, confirm: preview.data.total },
                sessions[co.agent],
              )
            : { code: -1 };
      } else {
        kind = 'addService';
        const co = rnd.pick(companies);
        const chosen = co.terminals.slice(-rnd.int(1, 3));
        res = chosen.length
          ? await t.call(api.terminal.addService, { ids: chosen.join(','), cardType: 2 }, sessions[co.agent])
          : { code: -1 };
      }
      // Refusals (not enough to recycle, nothing to give back) are part of the run: they write nothing.
      expect([Code.ok, Code.rule, -1]).toContain(res.code);
      if (res.code === Code.ok) done[kind] = (done[kind] ?? 0) + 1;
    }
    // Then at once: rows written by transactions that waited for each other's locks still chain.
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.call(
          i % 3 === 0 ? api.agent.cardRecovery : api.agent.blanceAdd,
          { agentId: subs[i % 2], cardType: 0, quantity: 1 },
          top,
        ),
      ),
    );
    for (const kind of ['sale', 'recycle', 'restore', 'batch', 'delete', 'renewBatch', 'addService'])
      expect(done[kind], kind).toBeGreaterThan(5);

    const zone = 'Asia/Shanghai';
    const to = zonedMonth(zone);
    const from = addMonths(to, -2);
    for (const [who, agentId] of Object.entries(ids)) {
      const session = sessions[who];
      const months = (await t.call(api.agent.statementMonths, { from, to, timeZone: zone }, session)).data
        .list;
      for (const cardType of [0, 1, 2, 3]) {
        const balance = await balanceOf(agentId, cardType);
        const rows = await allRows(session, { cardType });
        expect(rows.every((r) => r.cardType === cardType)).toBe(true);
        if (rows.length === 0) {
          expect(balance).toBe(0);
          continue;
        }
        expect(rows[0].after, `${who} type ${cardType} newest`).toBe(balance);
        for (let i = 0; i + 1 < rows.length; i++) {
          const [newer, older] = [rows[i], rows[i + 1]];
          expect(newer.before, `${who} type ${cardType} row ${newer.id}`).toBe(older.after);
          expect(newer.after).toBe(
            (newer.before ?? 0) + (newer.direction === 'in' ? 1 : -1) * newer.quantity,
          );
        }
        expect(rows[rows.length - 1].before).toBe(0);
        const ofType = months.filter((m) => m.cardType === cardType);
        expect(ofType.map((m) => m.month)).toEqual([from, addMonths(from, 1), to]);
        expect(ofType[0].opening).toBe(0);
        expect(ofType[ofType.length - 1].closing).toBe(balance);
        const net = (m: Month) =>
          m.granted +
          m.bought -
          m.sold +
          m.recycledIn -
          m.recycledOut +
          m.restoredIn -
          m.restoredOut -
          m.consumed +
          m.refunded;
        for (const m of ofType) expect(m.closing - m.opening).toBe(net(m));
        // The totals are the rows' quantities by kind and direction.
        const sum = (key: keyof Month) => ofType.reduce((s, m) => s + (m[key] as number), 0);
        const rowSum = (kind: string, direction?: 'in' | 'out') =>
          rows
            .filter((r) => r.kind === kind && (!direction || r.direction === direction))
            .reduce((s, r) => s + r.quantity, 0);
        expect([
          sum('sold'),
          sum('bought'),
          sum('consumed'),
          sum('refunded'),
          sum('recycledIn'),
          sum('restoredOut'),
        ]).toEqual([
          rowSum('sale', 'out'),
          rowSum('sale', 'in'),
          rowSum('consume'),
          rowSum('return'),
          rowSum('recycle', 'in'),
          rowSum('restore', 'out'),
        ]);
      }
    }
  }, 120_000);

  it('opens a month with the balance the last earlier move left, and chains the months', async () => {
    // The older half of the rows moved back some weeks, in the same order, into earlier months.
    const [{ mid }] = await t.database.db
      .select({ mid: sql<number>`(percentile_disc(0.5) within group (order by ${cardLedger.id}))::int` })
      .from(cardLedger);
    await t.database.db
      .update(cardLedger)
      .set({ createdAt: sql`now() - interval '45 days' + ${cardLedger.id} * interval '1 millisecond'` })
      .where(sql`${cardLedger.id} <= ${mid}`);
    const now = zonedMonth('UTC');
    const start = Date.parse(`${now}-01T00:00:00Z`);
    for (const [who, agentId] of Object.entries(ids)) {
      const months = (
        await t.call(api.agent.statementMonths, { from: addMonths(now, -2), to: now }, sessions[who])
      ).data.list;
      for (const cardType of [0, 2, 3]) {
        const rows = await allRows(sessions[who], { cardType });
        const ofType = months.filter((m) => m.cardType === cardType);
        const before = rows.find((r) => Date.parse(r.created_at) < start);
        expect(ofType[2].opening, `${who} type ${cardType}`).toBe(before?.after ?? 0);
        expect(ofType[2].closing).toBe(await balanceOf(agentId, cardType));
        expect(ofType[1].closing).toBe(ofType[2].opening);
        expect(ofType[0].closing).toBe(ofType[1].opening);
        // The current month alone opens where the three months' view has it.
        const alone = (await t.call(api.agent.statementMonths, { from: now, cardType }, sessions[who])).data
          .list;
        expect(alone.map((m) => [m.opening, m.closing])).toEqual([[ofType[2].opening, ofType[2].closing]]);
      }
    }
  });

  it('names the counterpart and the operator, and the backfill gives back the balances the writes kept', async () => {
    const rows = await allRows(sessions.sub1, { cardType: 0 });
    const refund = rows.find((r) => r.kind === 'return');
    expect(refund?.counterpart?.type).toBe('org');
    const sale = rows.find((r) => r.kind === 'sale');
    expect([sale?.direction, sale?.counterpart?.id, sale?.operator?.id]).toEqual(['in', ids.top, ids.top]);
    const kept = await t.database.db
      .select({ id: cardLedger.id, from: cardLedger.fromBalance, to: cardLedger.toBalance })
      .from(cardLedger)
      .orderBy(cardLedger.id);
    await t.database.db.update(cardLedger).set({ fromBalance: null, toBalance: null });
    const migration = readFileSync(
      new URL('../src/db/migrations/0050_ledger_balances.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    await t.database.db.execute(sql.raw(migration[migration.length - 1]));
    const filled = await t.database.db
      .select({ id: cardLedger.id, from: cardLedger.fromBalance, to: cardLedger.toBalance })
      .from(cardLedger)
      .orderBy(cardLedger.id);
    expect(filled).toEqual(kept);
  });
});
