import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cardLedger, fenceRecords, sosRecords, terminals } from '../src/db/schema.ts';
import * as agents from '../src/modules/agent/service.ts';
import * as orgs from '../src/modules/org/service.ts';
import * as presence from '../src/modules/presence/service.ts';
import { addOtherTenant, backends, type Session, useTestApp } from './harness.ts';

/*
 * A tenant of its own (agent02, its sub-agent sub02 and a company of each) with card movements, terminals,
 * alarms and device calls at known instants of the last months and weeks in Asia/Shanghai (UTC+8, no
 * summer time). Instants at 00:30 on the first of a month or on a Monday fall in the previous month or week
 * in UTC: the same data read in UTC moves them, and only them. A terminal's calls are counted by the UTC
 * week they fell in, whatever the zone read: a call at 01:00 on a Monday in Shanghai is the week before's.
 */
const zone = 'Asia/Shanghai';
const DAY_MS = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');
/** An instant by the Shanghai wall clock. */
const sh = (date: string, time = '12:00') => new Date(`${date}T${time}:00+08:00`);
const shToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
/** The Shanghai month `k` months before the current one (YYYY-MM). */
const monthBack = (k: number) => {
  const [y, m] = shToday().split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1 - k, 1));
  return `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}`;
};
/** The Monday of the Shanghai week `k` weeks before the current one (YYYY-MM-DD). */
const weekBack = (k: number) => {
  const at = Date.parse(`${shToday()}T00:00:00Z`);
  const monday = at - ((new Date(at).getUTCDay() + 6) % 7) * DAY_MS;
  return new Date(monday - k * 7 * DAY_MS).toISOString().slice(0, 10);
};
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe.each(backends)('reports on %s', (backend) => {
  const { t } = useTestApp(backend);
  let top: Session;
  let sub: Session;
  let company: Session;
  let demoAgent: Session;
  let orgId: number;
  let demoOrgId: number;
  const [M0, M1, M2, M3, M5] = [0, 1, 2, 3, 5].map(monthBack);
  const [W0, W1, W2] = [0, 1, 2].map(weekBack);

  beforeAll(async () => {
    const db = t.database.db;
    const other = await addOtherTenant(t);
    orgId = other.org.id;
    const s = await agents.createSubAgent(db, other.agent.id, {
      name: 'Sub02',
      account: 'sub02',
      password: 'agent123',
    });
    const subOrg = await orgs.createOrg(db, s.id, {
      name: 'SubCo02',
      account: 'subco02',
      password: 'company123',
    });
    const demoOrg = await orgs.findByAccount(db, 'company01');
    demoOrgId = demoOrg?.id ?? 0;
    const [A, S] = [other.agent.id, s.id];
    await db.insert(cardLedger).values([
      { kind: 'sale', cardType: 0, quantity: 5, fromAgentId: A, toAgentId: S, createdAt: sh(`${M2}-15`) },
      {
        kind: 'sale',
        cardType: 0,
        quantity: 3,
        fromAgentId: A,
        toAgentId: S,
        createdAt: sh(`${M1}-01`, '00:30'),
      },
      { kind: 'consume', cardType: 2, quantity: 4, fromAgentId: A, orgId, createdAt: sh(`${M1}-10`) },
      { kind: 'recycle', cardType: 0, quantity: 2, fromAgentId: S, toAgentId: A, createdAt: sh(`${M0}-01`) },
      // Not the agent's sales, consumption or recycling: a grant to it, a return to its sub-agent, the
      // sub-agent's own consumption, and a sale before the period.
      { kind: 'grant', cardType: 0, quantity: 100, toAgentId: A, createdAt: sh(`${M1}-05`) },
      { kind: 'restore', cardType: 0, quantity: 1, fromAgentId: A, toAgentId: S, createdAt: sh(`${M0}-01`) },
      {
        kind: 'consume',
        cardType: 0,
        quantity: 7,
        fromAgentId: S,
        orgId: subOrg.id,
        createdAt: sh(`${M1}-12`),
      },
      { kind: 'sale', cardType: 0, quantity: 9, fromAgentId: A, toAgentId: S, createdAt: sh(`${M3}-15`) },
    ]);
    const terminal = async (org: typeof subOrg, n: number, createdAt: Date, voice: string) => {
      const [row] = await db
        .insert(terminals)
        .values({
          ssid: String(866_000_000_000_000 + n),
          name: `Rep${n}`,
          orgId: org.id,
          agentPath: org.agentPath,
          intercomPwdHash: 'x',
          voiceExpires: voice,
          createdAt,
        })
        .returning({ id: terminals.id });
      return row.id;
    };
    const T1 = await terminal(other.org, 1, sh(`${M2}-20`), `${M1}-15`);
    const T2 = await terminal(subOrg, 2, sh(`${M1}-01`, '00:30'), `${M2}-03`);
    const T3 = await terminal(other.org, 3, new Date(), '2099-01-01');
    const T4 = await terminal(other.org, 4, sh(`${M5}-10`), `${M2}-28`);
    // Renewed after it lapsed: no longer lapsed in its month.
    await db
      .update(terminals)
      .set({ voiceExpires: plus(shToday(), 300) })
      .where(eq(terminals.id, T2));
    await db.insert(sosRecords).values([
      {
        orgId,
        agentPath: other.org.agentPath,
        terminalId: T1,
        status: 1,
        createdAt: sh(W1, '00:30'),
        processedAt: sh(plus(W0, 1), '10:00'),
      },
      { orgId, agentPath: other.org.agentPath, terminalId: T3, createdAt: sh(plus(W2, 2)) },
      {
        orgId,
        agentPath: other.org.agentPath,
        terminalId: T3,
        status: 1,
        createdAt: sh(plus(W2, -14)),
        processedAt: sh(plus(W2, 3)),
      },
    ]);
    const fence = {
      orgId,
      agentPath: other.org.agentPath,
      fenceName: 'Yard',
      kind: 1,
      lat: 22.3,
      lng: 114.1,
    };
    await db.insert(fenceRecords).values([
      { ...fence, terminalId: T1, at: sh(W0, '00:30') },
      { ...fence, terminalId: T3, at: sh(plus(W1, 4)) },
    ]);
    const callAt = async (when: Date, terminalId: number, org = other.org) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(when);
      try {
        await presence.seen(db, { terminalId, orgId: org.id, agentPath: org.agentPath });
      } finally {
        vi.useRealTimers();
      }
    };
    await callAt(sh(plus(W1, 1)), T1);
    await callAt(sh(plus(W1, 2)), T1);
    await callAt(sh(plus(W1, 3)), T3);
    await callAt(sh(W0, '09:00'), T3);
    await callAt(sh(W0, '01:00'), T4);
    // Made while the terminal was another company's: that company's, not this one's.
    if (!demoOrg) throw new Error('the demo company is seeded');
    await callAt(sh(W0, '10:00'), T1, demoOrg);
    top = await t.login(0, 'agent02', 'agent123');
    sub = await t.login(0, 'sub02', 'agent123');
    company = await t.login(1, 'company02', 'company123');
    demoAgent = await t.login(0, 'agent01', 'agent123');
  });

  it("counts an agent's cards, new and lapsed terminals per month in the time zone", async () => {
    const res = await t.call(api.report.agent, { months: 3, timeZone: zone }, top);
    expect(res.code).toBe(Code.ok);
    expect(res.data.months).toEqual([
      {
        month: M2,
        cards: [{ cardType: 0, bought: 0, sold: 5, consumed: 0, recycled: 0 }],
        created: 1,
        lapsed: 1,
      },
      {
        month: M1,
        cards: [
          { cardType: 0, bought: 0, sold: 3, consumed: 0, recycled: 0 },
          { cardType: 2, bought: 0, sold: 0, consumed: 4, recycled: 0 },
        ],
        created: 1,
        lapsed: 1,
      },
      {
        month: M0,
        cards: [{ cardType: 0, bought: 0, sold: 0, consumed: 0, recycled: 2 }],
        created: 1,
        lapsed: 0,
      },
    ]);
  });

  it('moves what happened at 00:30 on the first to the month before when read in UTC', async () => {
    const res = await t.call(api.report.agent, { months: 3, timeZone: 'UTC' }, top);
    expect(res.data.months.map((m) => [m.month, m.cards, m.created])).toEqual([
      [M2, [{ cardType: 0, bought: 0, sold: 8, consumed: 0, recycled: 0 }], 2],
      [M1, [{ cardType: 2, bought: 0, sold: 0, consumed: 4, recycled: 0 }], 0],
      [M0, [{ cardType: 0, bought: 0, sold: 0, consumed: 0, recycled: 2 }], 1],
    ]);
  });

  it('reaches further back with more months, and narrows to one card type', async () => {
    const four = await t.call(api.report.agent, { months: 4, timeZone: zone }, top);
    expect(four.data.months.map((m) => m.month)).toEqual([M3, M2, M1, M0]);
    expect(four.data.months[0].cards).toEqual([
      { cardType: 0, bought: 0, sold: 9, consumed: 0, recycled: 0 },
    ]);
    const location = await t.call(api.report.agent, { months: 3, cardType: 2, timeZone: zone }, top);
    expect(location.data.months.map((m) => m.cards)).toEqual([
      [],
      [{ cardType: 2, bought: 0, sold: 0, consumed: 4, recycled: 0 }],
      [],
    ]);
    const defaults = await t.call(api.report.agent, {}, top);
    expect(defaults.data.months).toHaveLength(6);
  });

  it("shows a sub-agent its own movements and its own scope's terminals", async () => {
    const res = await t.call(api.report.agent, { months: 3, timeZone: zone }, sub);
    expect(res.data.months).toEqual([
      // Its parent's sales to it are its purchases (the one at 00:30 on the first in M1, by this zone).
      {
        month: M2,
        cards: [{ cardType: 0, bought: 5, sold: 0, consumed: 0, recycled: 0 }],
        created: 0,
        lapsed: 0,
      },
      {
        month: M1,
        cards: [{ cardType: 0, bought: 3, sold: 0, consumed: 7, recycled: 0 }],
        created: 1,
        lapsed: 0,
      },
      { month: M0, cards: [], created: 0, lapsed: 0 },
    ]);
  });

  const week = (
    w: string,
    online: number | null,
    sosRaised: number,
    sosProcessed: number,
    fence: number,
  ) => ({
    week: w,
    online,
    sosRaised,
    sosProcessed,
    fenceAlarms: fence,
  });

  it("counts a company's weeks: online terminals, SOS raised and processed, fence alarms", async () => {
    const expected = [week(W2, 0, 1, 1, 0), week(W1, 3, 1, 0, 1), week(W0, 1, 0, 1, 1)];
    const own = await t.call(api.report.org, { weeks: 3, timeZone: zone }, company);
    expect(own.code).toBe(Code.ok);
    expect(own.data.weeks).toEqual(expected);
    const byAgent = await t.call(api.report.org, { weeks: 3, orgId, timeZone: zone }, top);
    expect(byAgent.data.weeks).toEqual(expected);
  });

  it('moves what happened at 00:30 on a Monday to the week before when read in UTC', async () => {
    const res = await t.call(api.report.org, { weeks: 3, timeZone: 'UTC' }, company);
    expect(res.data.weeks).toEqual([week(W2, 0, 2, 1, 0), week(W1, 3, 0, 0, 2), week(W0, 1, 0, 1, 0)]);
  });

  it('answers null online for weeks older than the positions kept', async () => {
    const res = await t.call(api.report.org, { weeks: 26, timeZone: zone }, company);
    expect(res.data.weeks).toHaveLength(26);
    expect(res.data.weeks[0].online).toBeNull();
    expect(res.data.weeks[25]).toEqual(week(W0, 1, 0, 1, 1));
    const defaults = await t.call(api.report.org, {}, company);
    expect(defaults.data.weeks).toHaveLength(8);
  });

  it('refuses a company the agent report, and a company out of scope', async () => {
    expect((await t.call(api.report.agent, {}, company)).code).toBe(Code.forbidden);
    const refusals = [
      [demoAgent, { orgId }],
      [sub, { orgId }],
      [company, { orgId: demoOrgId }],
      [top, {}],
    ] as const;
    for (const [who, params] of refusals) {
      const res = await t.call(api.report.org, params, who);
      expect([res.code, res.data]).toEqual([Code.notFound, null]);
    }
  });

  it('refuses bad periods, zones and card types with a coded error', async () => {
    const bad: [typeof api.report.agent | typeof api.report.org, Record<string, unknown>][] = [
      [api.report.agent, { months: 0 }],
      [api.report.agent, { months: 25 }],
      [api.report.agent, { months: '1.5' }],
      [api.report.agent, { months: 'six' }],
      [api.report.agent, { cardType: 9 }],
      [api.report.agent, { timeZone: 'Mars/Olympus' }],
      [api.report.org, { weeks: 0 }],
      [api.report.org, { weeks: 27 }],
      [api.report.org, { timeZone: '+08:00' }],
    ];
    for (const [e, params] of bad) {
      const res = await t.call(e, params, e === api.report.agent ? top : company);
      expect([res.code, JSON.stringify(params)]).toEqual([Code.invalid, JSON.stringify(params)]);
    }
  });
});
