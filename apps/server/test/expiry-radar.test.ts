import { api, Code } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import * as agents from '../src/modules/agent/service.ts';
import * as cards from '../src/modules/card/service.ts';
import * as orgs from '../src/modules/org/service.ts';
import { backends, type Session, useTestApp } from './harness.ts';
import { day, expiriesOf, heardFrom, renewalTenants, setBalance, setExpiries } from './renewal-support.ts';

describe.each(backends)('expiry radar, counts and card runway on %s', (backend) => {
  const { t } = useTestApp(backend);
  let top: Session;
  let sub: Session;
  let company: Session;
  let sibling: Session;
  /** The demo company's six terminals (agent01's). */
  let T: number[];
  let companyId: number;
  /** Three terminals of a company of the sub-agent. */
  let S: number[];
  let subOrgId: number;
  let vipId: number;

  beforeAll(async () => {
    ({ T, companyId, S, subOrgId, vipId, top, sub, company } = await renewalTenants(t, 3));
    // What falls due, from today: T1 voice in 3 and location in 20 days, T2 location in 10, T3
    // recording in 60, T4 SOS 5 days ago, T5 fence 40 days ago (beyond the expired window); S1 voice
    // in 5 and S2 in 29 days. The VIP's functions are permanent and never due.
    await setExpiries(t, T[0], { voice: day(3), location: day(20) });
    await setExpiries(t, T[1], { location: day(10) });
    await setExpiries(t, T[2], { recording: day(60) });
    await setExpiries(t, T[3], { sos: day(-5) });
    await setExpiries(t, T[4], { fence: day(-40) });
    await setExpiries(t, S[0], { voice: day(5) });
    await setExpiries(t, S[1], { voice: day(29) });
    await setExpiries(t, vipId, { voice: day(200) });
    // T1 called today, T2 ten days ago, T3 sent a position two days ago; the others were never heard.
    await heardFrom(t, T[0], 0, null);
    await heardFrom(t, T[1], 10, 12);
    await heardFrom(t, T[2], null, 2);
    const other = await agents.createTopLevelAgent(t.database.db, {
      name: 'OtherAgent',
      account: 'agent02',
      password: 'agent123',
    });
    await cards.setSwitch(t.database.db, other.id, { 0: true });
    await orgs.createOrg(t.database.db, other.id, {
      name: 'OtherCo',
      account: 'company02',
      password: 'company123',
    });
    sibling = await t.login(0, 'agent02', 'agent123');
  });

  const radar = async (params: Record<string, unknown>, as: Session) => {
    const res = await t.call(api.terminal.expiring, params, as);
    expect(res.code).toBe(Code.ok);
    return res.data;
  };
  const ids = (data: { list: { id: number }[] }) => data.list.map((r) => r.id);

  it('lists what falls due in each window, newest expiry first, soonest first on request', async () => {
    expect(ids(await radar({ within: 7 }, top))).toEqual([S[0], T[0]]);
    expect(ids(await radar({ within: 7, order: 'asc' }, top))).toEqual([T[0], S[0]]);
    // The default window is 30 days; a row with several functions due sorts by its soonest.
    const month = await radar({}, top);
    expect(ids(month)).toEqual([S[1], T[1], S[0], T[0]]);
    expect(month.total).toBe(4);
    const t1 = month.list.find((r) => r.id === T[0]);
    expect(t1).toMatchObject({
      org_id: companyId,
      org_name: 'Demo_Company',
      user_type: 0,
      due: [
        { function: 'voice', expires: day(3) },
        { function: 'location', expires: day(20) },
      ],
    });
    expect(ids(await radar({ within: '90' }, top))).toEqual([T[2], S[1], T[1], S[0], T[0]]);
    const expired = await radar({ within: 'expired' }, top);
    expect(ids(expired)).toEqual([T[3]]);
    expect(expired.list[0].due).toEqual([{ function: 'sos', expires: day(-5) }]);
  });

  it('filters by function and company, and pages like every list', async () => {
    const location = await radar({ function: 'location', within: 30 }, top);
    expect(ids(location)).toEqual([T[0], T[1]]);
    expect(location.list[0].due).toEqual([{ function: 'location', expires: day(20) }]);
    expect(ids(await radar({ function: 'recording', within: 90 }, top))).toEqual([T[2]]);
    expect(ids(await radar({ function: 'recording', within: 30 }, top))).toEqual([]);
    expect(ids(await radar({ function: 'voice', within: 30, orgId: subOrgId }, top))).toEqual([S[1], S[0]]);
    const second = await radar({ within: 30, page: 2, size: 3 }, top);
    expect([ids(second), second.total, second.page, second.size]).toEqual([[T[0]], 4, 2, 3]);
  });

  it('walks its pages in either order as one list: each terminal once, where it falls', async () => {
    // T6's voice and location fall due the same day: one row, with both.
    const [before] = (await expiriesOf(t, [T[5]])).values();
    await setExpiries(t, T[5], { voice: day(15), location: day(15) });
    try {
      for (const [as, expected] of [
        [top, [T[2], S[1], T[5], T[1], S[0], T[0]]],
        [company, [T[2], T[5], T[1], T[0]]],
      ] as const)
        for (const order of ['desc', 'asc'] as const) {
          const whole = await radar({ within: 90, order }, as);
          expect(ids(whole)).toEqual(order === 'desc' ? expected : [...expected].reverse());
          expect(whole.list.find((r) => r.id === T[5])?.due).toEqual([
            { function: 'voice', expires: day(15) },
            { function: 'location', expires: day(15) },
          ]);
          const walked = [];
          for (let page = 1; page <= 4; page++) {
            const one = await radar({ within: 90, order, page, size: 2 }, as);
            expect(one.total).toBe(expected.length);
            walked.push(...one.list);
          }
          expect(walked).toEqual(whole.list);
        }
    } finally {
      await setExpiries(t, T[5], { voice: before.voiceExpires, location: before.locationExpires });
    }
  });

  it('marks a terminal silent for more than a week, or never heard', async () => {
    const rows = new Map((await radar({ within: 90 }, top)).list.map((r) => [r.id, r]));
    expect(rows.get(T[0])?.silent).toBe(false);
    expect(rows.get(T[0])?.last_seen_at).not.toBeNull();
    expect(rows.get(T[1])?.silent).toBe(true);
    expect(rows.get(T[1])?.last_position_at).not.toBeNull();
    expect(rows.get(T[2])).toMatchObject({ silent: false, last_seen_at: null });
    expect(rows.get(S[0])).toMatchObject({ silent: true, last_seen_at: null, last_position_at: null });
  });

  it('shows a sub-agent and a company their own terminals only', async () => {
    expect(ids(await radar({ within: 30 }, sub))).toEqual([S[1], S[0]]);
    expect(ids(await radar({ within: 90 }, company))).toEqual([T[2], T[1], T[0]]);
    // A company out of scope in the filter answers 40401, as the counts do.
    for (const [orgId, as] of [
      [companyId, sub],
      [subOrgId, company],
    ] as const)
      expect((await t.call(api.terminal.expiring, { within: 30, orgId }, as)).code).toBe(Code.notFound);
    expect(await radar({ within: 90 }, sibling)).toMatchObject({ list: [], total: 0 });
  });

  it('counts each window for the home', async () => {
    const counts = async (params: Record<string, unknown>, as: Session) =>
      (await t.call(api.terminal.expiringCounts, params, as)).data;
    expect(await counts({}, top)).toEqual({ '7': 2, '30': 4, '90': 5, expired: 1 });
    expect(await counts({}, sub)).toEqual({ '7': 1, '30': 2, '90': 2, expired: 0 });
    expect(await counts({}, company)).toEqual({ '7': 1, '30': 2, '90': 3, expired: 1 });
    expect(await counts({ orgId: companyId }, top)).toEqual({ '7': 1, '30': 2, '90': 3, expired: 1 });
    for (const [orgId, as] of [
      [companyId, sub],
      [subOrgId, company],
      [companyId, sibling],
    ] as const)
      expect((await t.call(api.terminal.expiringCounts, { orgId }, as)).code).toBe(Code.notFound);
    expect(await counts({}, sibling)).toEqual({ '7': 0, '30': 0, '90': 0, expired: 0 });
  });

  it('refuses windows and functions it does not know', async () => {
    for (const params of [{ within: 14 }, { function: 'vip' }, { order: 'up' }, { orgId: 'x' }]) {
      const res = await t.call(api.terminal.expiring, params, top);
      expect(res.code).toBe(Code.invalid);
    }
  });

  it('gives the card runway: balance against the renewals due, short and low flags', async () => {
    const runway = async (as: Session) => {
      const res = await t.call(api.agent.runway, {}, as);
      expect(res.code).toBe(Code.ok);
      return new Map(res.data.list.map((r) => [r.cardType, r]));
    };
    const mine = await runway(top);
    expect([...mine.keys()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The top-level agent's scope holds the sub-agent's companies too.
    expect(mine.get(0)).toEqual({
      cardType: 0,
      balance: 944,
      due30: 3,
      due90: 3,
      threshold: 0,
      short: false,
      low: false,
    });
    expect(mine.get(2)).toMatchObject({ due30: 2, due90: 2 });
    expect(mine.get(1)).toMatchObject({ due30: 0, due90: 1 });
    expect(mine.get(3)).toMatchObject({ due30: 0, due90: 0 });
    expect(mine.get(7)).toMatchObject({ due30: 0, due90: 0 });
    // The sub-agent sees only its switched-on card types, its own scope and balance.
    await setBalance(t, 'subagent01', 0, 1);
    const subs = await runway(sub);
    expect([...subs.keys()]).toEqual([0, 1, 2, 3, 4, 6]);
    expect(subs.get(0)).toMatchObject({ balance: 1, due30: 2, short: true, low: false });
    const set = await t.call(api.agent.setThreshold, { cardType: 0, threshold: 5 }, sub);
    expect(set.code).toBe(Code.ok);
    expect((await runway(sub)).get(0)).toMatchObject({ threshold: 5, low: true, short: true });
    expect((await t.call(api.agent.runway, {}, company)).code).toBe(Code.forbidden);
  });

  it('sets a threshold per card type within its rules', async () => {
    const set = (params: Record<string, unknown>, as: Session = top) =>
      t.call(api.agent.setThreshold, params, as);
    expect((await set({ cardType: 2, threshold: '40' })).code).toBe(Code.ok);
    expect((await t.call(api.agent.runway, {}, top)).data.list.find((r) => r.cardType === 2)?.threshold).toBe(
      40,
    );
    expect((await set({ cardType: 2, threshold: 0 })).code).toBe(Code.ok);
    for (const threshold of ['-1', '1.5', 'abc', '1000001', '']) {
      const res = await set({ cardType: 2, threshold });
      expect([res.code, res.msg.en]).toEqual([
        Code.invalid,
        'Enter a whole number of cards from 0 to 1000000',
      ]);
    }
    expect((await set({ cardType: 9, threshold: 1 })).code).toBe(Code.invalid);
    const off = await set({ cardType: 7, threshold: 3 }, sub);
    expect(off.code).toBe(Code.rule);
    expect((await set({ cardType: 0, threshold: 3 }, company)).code).toBe(Code.forbidden);
    expect((await t.call(api.agent.runway, {}, top)).data.list.find((r) => r.cardType === 2)?.threshold).toBe(
      0,
    );
  });

  it("turns the company's reminder SMS off and on, in scope only", async () => {
    const detail = async (as: Session, id?: number) =>
      (await t.call(api.org.info, id === undefined ? {} : { id }, as)).data.reminder_sms;
    expect(await detail(company)).toBe(true);
    expect((await t.call(api.org.setReminderSms, { enabled: '0' }, company)).code).toBe(Code.ok);
    expect(await detail(company)).toBe(false);
    expect(await detail(top, companyId)).toBe(false);
    expect((await t.call(api.org.setReminderSms, { id: companyId, enabled: '1' }, top)).code).toBe(Code.ok);
    expect(await detail(company)).toBe(true);
    for (const [params, as] of [
      [{ id: companyId, enabled: '0' }, sub],
      [{ id: subOrgId, enabled: '0' }, company],
      [{ id: companyId, enabled: '0' }, sibling],
    ] as const)
      expect((await t.call(api.org.setReminderSms, params, as)).code).toBe(Code.notFound);
    expect((await t.call(api.org.setReminderSms, { enabled: 'yes' }, company)).code).toBe(Code.invalid);
    expect(await detail(company)).toBe(true);
    expect(await detail(sub, subOrgId)).toBe(true);
  });
});
