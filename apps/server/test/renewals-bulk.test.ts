import { api, Code } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardLedger, notices } from '../src/db/schema.ts';
import { backends, type Session, useTestApp } from './harness.ts';
import {
  balance,
  companyWith,
  consumed,
  day,
  expiriesOf,
  heardFrom,
  largeCompany,
  renewalTenants,
  setBalance,
  setExpiries,
  yearsAfter,
} from './renewal-support.ts';

describe.each(backends)('bulk renewal on %s', (backend) => {
  const { t } = useTestApp(backend);
  let top: Session;
  let sub: Session;
  let company: Session;
  /** The demo company's six terminals (agent01's). */
  let T: number[];
  let companyId: number;
  /** Four terminals of a company of the sub-agent. */
  let S: number[];
  let subOrgId: number;
  let vipId: number;

  beforeAll(async () => {
    ({ T, companyId, S, subOrgId, vipId, top, sub, company } = await renewalTenants(t, 4));
  });

  /** Ledger rows and notices: a refused renewal writes neither. */
  const written = async () => {
    const [ledger] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(cardLedger);
    const [notes] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notices);
    return { ledger: ledger.n, notices: notes.n };
  };

  it('previews the cards per type against the balance: only what falls due, VIP functions free, silent terminals counted', async () => {
    await heardFrom(t, T[0], 0, null);
    await setExpiries(t, T[0], { voice: day(5), location: day(10) });
    // Location due in 60 days is outside the 30-day window: not renewed, not charged.
    await setExpiries(t, T[1], { voice: day(-5), location: day(60) });
    await setExpiries(t, vipId, { voice: day(20) });
    const preview = await t.call(
      api.terminal.renewPreview,
      { ids: [T[0], T[1], vipId].join(','), functions: 'location,voice', within: '30' },
      top,
    );
    expect(preview.code).toBe(Code.ok);
    expect(preview.data).toEqual({
      terminals: 3,
      silent: 2,
      costs: [
        { cardType: 0, function: 'voice', cards: 3, balance: 944, permanent: 0, notDue: 0 },
        { cardType: 2, function: 'location', cards: 1, balance: 974, permanent: 1, notDue: 1 },
      ],
      total: 4,
      breakdown: expect.any(Array),
    });
  });

  it('breaks the preview down per terminal by the renewal rule: a function due renewed a year on, one not due left', async () => {
    await setExpiries(t, T[2], { voice: day(5), location: day(60) });
    const row = (await expiriesOf(t, [T[2]])).get(T[2]);
    const preview = await t.call(
      api.terminal.renewPreview,
      { ids: String(T[2]), functions: 'location,voice', within: '30' },
      top,
    );
    expect(preview.code).toBe(Code.ok);
    expect(preview.data.total).toBe(1);
    expect(preview.data.breakdown).toEqual([
      {
        id: T[2],
        name: row?.name,
        ssid: row?.ssid,
        functions: [
          { function: 'voice', outcome: 'renewed', expires: day(5), renewed: yearsAfter(day(5)) },
          { function: 'location', outcome: 'notDue', expires: day(60), renewed: null },
        ],
      },
    ]);
  });

  it('renews in one go: a year from a running expiry, from today for a lapsed one, VIP unchanged', async () => {
    await setExpiries(t, T[0], { voice: day(3), location: day(-10) });
    // Never activated: no renewal of a bulk, which renews what falls due (activation is chosen one by one).
    await setExpiries(t, T[1], { voice: day(-40), location: null });
    await setExpiries(t, vipId, { voice: day(12) });
    const before = await expiriesOf(t, [T[0], T[1], vipId]);
    const ledgerBefore = (await consumed(t)).length;
    const notesBefore = (await written()).notices;
    const [voice, location] = [await balance(t, 'agent01', 0), await balance(t, 'agent01', 2)];
    const res = await t.call(
      api.terminal.renewBatch,
      { ids: [T[1], vipId, T[0]].join(','), functions: 'voice,location', confirm: 4 },
      top,
    );
    expect(res.code).toBe(Code.ok);
    expect(res.data).toEqual({
      renewed: 3,
      costs: [
        { cardType: 0, function: 'voice', cards: 3, permanent: 0, notDue: 0 },
        { cardType: 2, function: 'location', cards: 1, permanent: 1, notDue: 1 },
      ],
    });
    const after = await expiriesOf(t, [T[0], T[1], vipId]);
    expect(after.get(T[0])).toMatchObject({
      voiceExpires: yearsAfter(day(3)),
      locationExpires: yearsAfter(day(0)),
    });
    expect(after.get(T[1])).toMatchObject({
      voiceExpires: yearsAfter(day(0)),
      locationExpires: null,
    });
    expect(after.get(vipId)).toMatchObject({
      voiceExpires: yearsAfter(day(12)),
      locationExpires: '2099-12-31',
      sosExpires: '2099-12-31',
    });
    // Functions not chosen are left as they were.
    expect(after.get(T[0])?.fenceExpires).toBe(before.get(T[0])?.fenceExpires);
    expect([await balance(t, 'agent01', 0), await balance(t, 'agent01', 2)]).toEqual([
      voice - 3,
      location - 1,
    ]);
    // One consume row per card type and company, as a single renewal writes; no notice, as a single renewal.
    const rows = (await consumed(t)).slice(ledgerBefore);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cardType: 0, orgId: companyId, quantity: 3, fromBalance: voice - 3 }),
        expect.objectContaining({ cardType: 2, orgId: companyId, quantity: 1, fromBalance: location - 1 }),
      ]),
    );
    expect(rows.every((r) => r.operatorRole === 0 && r.operatorId === r.agentId)).toBe(true);
    expect((await written()).notices).toBe(notesBefore);
  });

  it("renews the radar's filter, one ledger row per company", async () => {
    await setExpiries(t, S[0], { location: day(4) });
    await setExpiries(t, S[1], { location: day(25) });
    await setExpiries(t, S[2], { location: day(45) });
    const filter = { function: 'location', within: '30', functions: 'location' };
    const preview = await t.call(api.terminal.renewPreview, filter, sub);
    expect(preview.data).toMatchObject({ terminals: 2, total: 2 });
    const ledgerBefore = (await consumed(t)).length;
    const subLocation = await balance(t, 'subagent01', 2);
    const res = await t.call(api.terminal.renewBatch, { ...filter, confirm: 2 }, sub);
    expect(res.code).toBe(Code.ok);
    expect(res.data.renewed).toBe(2);
    const after = await expiriesOf(t, S);
    expect(after.get(S[0])?.locationExpires).toBe(yearsAfter(day(4)));
    expect(after.get(S[1])?.locationExpires).toBe(yearsAfter(day(25)));
    expect(after.get(S[2])?.locationExpires).toBe(day(45));
    expect(await balance(t, 'subagent01', 2)).toBe(subLocation - 2);
    expect((await consumed(t)).slice(ledgerBefore)).toEqual([
      expect.objectContaining({ cardType: 2, orgId: subOrgId, quantity: 2 }),
    ]);
    // Renewed, they left the window: the same filter now takes nothing, and a stale confirm is refused.
    const stale = await t.call(api.terminal.renewBatch, { ...filter, confirm: 2 }, sub);
    expect([stale.code, stale.msg.en]).toEqual([
      Code.rule,
      'The cost has changed since it was shown; please check it again',
    ]);
  });

  it('refuses a changed total, a short balance, an ineligible card and terminals out of scope, writing nothing', async () => {
    const ids = S.join(',');
    for (const id of S) await setExpiries(t, id, { voice: day(5), sos: day(6) });
    const state = async () => ({
      written: await written(),
      expiries: [...(await expiriesOf(t, [...S, ...T])).values()].map((r) => [r.voiceExpires, r.sosExpires]),
      balances: [await balance(t, 'subagent01', 0), await balance(t, 'subagent01', 3)],
    });
    const before = await state();
    const refuse = async (params: Record<string, unknown>, as: Session, code: number, en?: string) => {
      const res = await t.call(api.terminal.renewBatch, params, as);
      expect(res.code).toBe(code);
      if (en) expect(res.msg.en).toBe(en);
    };
    await refuse(
      { ids, functions: 'voice', confirm: 3 },
      sub,
      Code.rule,
      'The cost has changed since it was shown; please check it again',
    );
    await refuse({ ids, functions: 'voice', confirm: 'four' }, sub, Code.invalid);
    await setBalance(t, 'subagent01', 3, 3);
    await refuse(
      { ids, functions: 'voice,sos', confirm: 8 },
      sub,
      Code.rule,
      'Insufficient SOS card balance',
    );
    // The sub-agent has no video cards switched on.
    await refuse({ ids, functions: 'video', confirm: 4 }, sub, Code.rule);
    await refuse({ ids: `${S[0]},${T[0]}`, functions: 'voice', confirm: 2 }, sub, Code.notFound);
    await refuse({ ids: '999999', functions: 'voice', confirm: 1 }, top, Code.notFound);
    await refuse({ orgId: companyId, within: 'expired', functions: 'voice', confirm: 0 }, sub, Code.notFound);
    await refuse({ ids: String(S[0]), functions: 'voice', confirm: 1 }, company, Code.forbidden);
    await refuse({ ids: String(T[0]), functions: 'voice', confirm: 1 }, company, Code.forbidden);
    await refuse({ ids, functions: '', confirm: 0 }, sub, Code.invalid);
    await refuse({ ids, functions: 'vip', confirm: 4 }, sub, Code.invalid);
    expect(await state()).toEqual({ ...before, balances: [before.balances[0], 3] });
    expect((await t.call(api.terminal.renewPreview, { ids, functions: 'voice' }, company)).code).toBe(
      Code.forbidden,
    );
    expect((await t.call(api.terminal.renewPreview, { ids: `${T[0]}`, functions: 'voice' }, sub)).code).toBe(
      Code.notFound,
    );
  });

  it('takes at most 1 000 terminals, chosen by id or by filter', async () => {
    const large = await largeCompany(t, 'agent01', 'bulkco01', 1001, day(15));
    const tooMany = { ids: large.ids.join(','), functions: 'voice' };
    for (const e of [api.terminal.renewPreview, api.terminal.renewBatch]) {
      const res = await t.call(e, { ...tooMany, confirm: 1001 }, top);
      expect([res.code, res.msg.en]).toEqual([Code.invalid, 'At most 1000 users can be renewed at once']);
      const byFilter = await t.call(
        e,
        { within: 30, orgId: large.org.id, functions: 'voice', confirm: 1001 },
        top,
      );
      expect([byFilter.code, byFilter.msg.en]).toEqual([
        Code.invalid,
        'At most 1000 users can be renewed at once',
      ]);
    }
    // A thousand at once, in a handful of statements; short of cards first.
    await setBalance(t, 'agent01', 0, 999);
    const short = await t.call(
      api.terminal.renewBatch,
      { ids: large.ids.slice(0, 1000).join(','), functions: 'voice', confirm: 1000 },
      top,
    );
    expect(short.msg.en).toBe('Insufficient voice card balance');
    await setBalance(t, 'agent01', 0, 5000);
    const voice = await balance(t, 'agent01', 0);
    const thousand = large.ids.slice(0, 1000);
    const res = await t.call(
      api.terminal.renewBatch,
      { ids: thousand.join(','), functions: 'voice', confirm: 1000 },
      top,
    );
    expect(res.code).toBe(Code.ok);
    expect(res.data.renewed).toBe(1000);
    expect(await balance(t, 'agent01', 0)).toBe(voice - 1000);
    const after = await expiriesOf(t, large.ids);
    expect(thousand.every((id) => after.get(id)?.voiceExpires === yearsAfter(day(15)))).toBe(true);
    expect(after.get(large.ids[1000])?.voiceExpires).toBe(day(15));
  });

  it('stays exact under 20 overlapping bulk renewals: each terminal renewed once, the others refused whole', async () => {
    const pool = await companyWith(t, 'agent01', 'burstco01', 10);
    for (const id of pool.ids) await setExpiries(t, id, { voice: day(10), location: day(-3) });
    const [voice, location] = [await balance(t, 'agent01', 0), await balance(t, 'agent01', 2)];
    const ledgerBefore = (await consumed(t)).length;
    // Renewal k takes terminals k, k+1 and k+2 (of ten, wrapping), voice and location: 6 cards each. Once a
    // terminal is renewed it is no longer due, so an overlapping renewal finds its cost changed.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        t.call(
          api.terminal.renewBatch,
          {
            ids: [0, 1, 2].map((i) => pool.ids[(k + i) % 10]).join(','),
            functions: 'voice,location',
            confirm: 6,
          },
          top,
        ),
      ),
    );
    const done = results.filter((r) => r.code === Code.ok).length;
    expect(done).toBeGreaterThan(0);
    expect(results.every((r) => r.code === Code.ok || r.msg.en.startsWith('The cost has changed'))).toBe(
      true,
    );
    expect([await balance(t, 'agent01', 0), await balance(t, 'agent01', 2)]).toEqual([
      voice - 3 * done,
      location - 3 * done,
    ]);
    const rows = (await consumed(t)).slice(ledgerBefore);
    expect(rows).toHaveLength(2 * done);
    expect(rows.every((r) => r.orgId === pool.org.id && r.quantity === 3)).toBe(true);
    // Each terminal renewed once at most: a year from its expiry, or from today for the lapsed location.
    const after = await expiriesOf(t, pool.ids);
    const renewed = pool.ids.filter((id) => after.get(id)?.voiceExpires !== day(10));
    expect(renewed).toHaveLength(3 * done);
    for (const id of renewed)
      expect(after.get(id)).toMatchObject({
        voiceExpires: yearsAfter(day(10)),
        locationExpires: yearsAfter(day(0)),
      });
  });

  it('a single renewal follows the same rules: no year past 2034, SOS only when off or falling due', async () => {
    await setExpiries(t, T[4], { location: '2034-06-01', sos: day(200) });
    const held = [await balance(t, 'agent01', 2), await balance(t, 'agent01', 3)];
    const far = await t.call(api.terminal.addService, { ids: String(T[4]), cardType: 2 }, top);
    expect([far.code, far.msg.en]).toEqual([
      Code.rule,
      'A renewal cannot run into 2035 or later, which reads as permanent: renew it when it falls due',
    ]);
    const sos = await t.call(api.terminal.addService, { ids: String(T[4]), cardType: 3 }, top);
    expect([sos.code, sos.msg.en]).toEqual([
      Code.rule,
      'Please select users who have not turned on SOS service',
    ]);
    expect([await balance(t, 'agent01', 2), await balance(t, 'agent01', 3)]).toEqual(held);
    // Falling due within the radar's 90 days, SOS renews like any function: a year from its expiry.
    await setExpiries(t, T[4], { sos: day(20) });
    expect((await t.call(api.terminal.addService, { ids: String(T[4]), cardType: 3 }, top)).code).toBe(
      Code.ok,
    );
    expect((await expiriesOf(t, [T[4]])).get(T[4])?.sosExpires).toBe(yearsAfter(day(20)));
    expect(await balance(t, 'agent01', 3)).toBe(held[1] - 1);
  });
});
