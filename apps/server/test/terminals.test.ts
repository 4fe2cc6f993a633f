import { api, Code, Messages } from '@ptt/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgs as schemaOrgs, terminals } from '../src/db/schema.ts';
import { addOtherTenant, backends, type Session, useTestApp } from './harness.ts';

const ssids = (start: number, n: number) =>
  Array.from({ length: n }, (_, i) => String(359_000_000_000_000 + start + i));

describe.each(backends)('terminals on %s', (backend) => {
  const { t, top } = useTestApp(backend, { sessions: ['top'] });
  let company: Session;
  let orgId: number;
  const voice = async (s: Session) => (await t.call(api.profile.agent, {}, s)).data.blance;

  beforeAll(async () => {
    company = await t.login(1, 'company01', 'company123');
    orgId = (await t.call(api.agent.orgs, {}, top)).data.list[0].id;
  });

  const batch = (list: string[], extra: Record<string, unknown> = {}, s = top) =>
    t.callBody(
      api.terminal.batch,
      { orgId, userType: 0, prefix: 'Unit', mode: 'scan', ...extra },
      { ssids: list },
      s,
    );

  it('creates 100 scanned terminals and consumes exactly 100 voice cards', async () => {
    const before = await voice(top);
    const res = await batch(ssids(1000, 100));
    expect(res.code).toBe(Code.ok);
    expect(res.data.created).toHaveLength(100);
    expect(res.data.created[0]).toMatchObject({
      name: 'Unit1',
      intercomPassword: expect.stringMatching(/^\d{6}$/),
    });
    expect(await voice(top)).toBe(before - 100);
    const list = await t.call(api.terminal.list, { orgId, size: 100 }, top);
    expect(list.data.total).toBe(106);

    // Unfiltered, the total comes with the page, and still when the page is past the end.
    const whole = (await t.call(api.terminal.list, { size: 20 }, top)).data;
    expect(whole.list).toHaveLength(20);
    const past = (await t.call(api.terminal.list, { size: 20, page: 500 }, top)).data;
    expect([past.list.length, past.total]).toEqual([0, whole.total]);
    const company = await t.login(1, 'company01', 'company123');
    const own = (await t.call(api.terminal.list, { size: 5 }, company)).data;
    const ownPast = (await t.call(api.terminal.list, { size: 5, page: 500 }, company)).data;
    expect([own.list.length, ownPast.list.length, ownPast.total]).toEqual([5, 0, own.total]);
    expect(own.total).toBe(106);

    // A list of one company takes its total from the company's counter, and only within the caller's scope.
    const { org: otherOrg } = await addOtherTenant(t);
    const other = otherOrg.id;
    await t.database.db.insert(terminals).values(
      ssids(777_000, 3).map((ssid, i) => ({
        ssid,
        name: `Far${i}`,
        orgId: other,
        agentPath: otherOrg.agentPath,
        intercomPwdHash: 'x',
      })),
    );
    // Another tenant's company named as a filter answers like any id out of scope.
    for (const who of [top, company]) {
      for (const page of [1, 2]) {
        const foreign = await t.call(api.terminal.list, { orgId: other, page, size: 2 }, who);
        expect([foreign.code, foreign.data]).toEqual([Code.notFound, null]);
      }
    }
    expect(
      (await t.call(api.terminal.list, { orgId: other }, await t.login(1, 'company02', 'company123'))).data
        .total,
    ).toBe(3);
    // A sub-agent's scope does not reach its parent's own companies.
    const sub = await t.login(0, 'subagent01', 'agent123');
    for (const page of [1, 2]) {
      const parents = await t.call(api.terminal.list, { orgId, page, size: 5 }, sub);
      expect([parents.code, parents.data]).toEqual([Code.notFound, null]);
    }
  });

  it('pages through the unfiltered list without gaps or repeats, for an agent and for a company', async () => {
    for (const who of [top, company]) {
      const whole = (await t.call(api.terminal.list, { size: 100 }, who)).data;
      const newest = whole.list.slice(0, 10).map((r) => r.id);
      const pages = [];
      for (const page of [1, 2, 3, 4])
        pages.push(...(await t.call(api.terminal.list, { size: 3, page }, who)).data.list.map((r) => r.id));
      expect(pages.slice(0, 10)).toEqual(newest);
      expect(pages).toHaveLength(12);
      expect(new Set(pages).size).toBe(12);
      // The same page asked twice answers the same rows.
      const again = (await t.call(api.terminal.list, { size: 3, page: 1 }, who)).data;
      expect(again.list.map((r) => r.id)).toEqual(pages.slice(0, 3));
      expect(again.total).toBe(whole.total);
    }
  });

  it('shows each listed user as its detail does, on every kind of page', async () => {
    const id = (await t.call(api.terminal.list, { size: 3 }, top)).data.list[2].id;
    const located = await t.call(api.terminal.addService, { ids: String(id), cardType: 2 }, top);
    expect(located.data).toEqual({ renewed: 1, skipped: 0 });
    const pages = [
      ['agent, first page', { size: 3 }, top],
      ['agent, later page', { size: 3, page: 2 }, top],
      ['company, first page', { size: 3 }, company],
      ['company, later page', { size: 3, page: 2 }, company],
      ['filtered', { size: 3, keyword: 'Unit' }, top],
      ['filtered, later page', { size: 3, page: 2, keyword: 'unit' }, top],
      ['company, filtered by keyword', { size: 3, keyword: 'unit' }, company],
    ] as const;
    for (const [kind, params, who] of pages) {
      const { code, msg, data } = await t.call(api.terminal.list, params, who);
      expect([code, msg], kind).toEqual([Code.ok, Messages.ok]);
      // A page holds what the contract says, and nothing more.
      expect(api.terminal.list.data.strict().parse(data), kind).toEqual(data);
      const list = data.list;
      expect(list.length, kind).toBe(3);
      for (const row of list) {
        const detail = (await t.call(api.terminal.detail, { id: row.id }, who)).data;
        expect(detail, kind).toMatchObject(row);
        expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(row.org_name, kind).not.toBe('');
      }
    }
    const third = (await t.call(api.terminal.list, { size: 3 }, top)).data.list[2];
    expect(third.expiries.location).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it("keeps the list's rows with their terminals: renamed, moved to another company, its company renamed, deleted", async () => {
    const rowOf = async (id: number, who = top) =>
      (await t.call(api.terminal.list, { size: 100 }, who)).data.list.find((r) => r.id === id);
    const made = await batch(ssids(7500, 2), { prefix: 'Kept' });
    const [first, second] = made.data.created.map((c) => c.id);
    expect(await rowOf(first)).toMatchObject({ name: 'Kept1', org_id: orgId });

    expect((await t.call(api.terminal.updateUser, { id: first, name: 'Renamed' }, top)).code).toBe(Code.ok);
    expect(await rowOf(first)).toMatchObject({ name: 'Renamed' });
    // Several fields at once, and another set of them after: each edit sets what it names.
    const edit = { id: first, remark: 'Night shift', dispatcher: '1' };
    expect((await t.call(api.terminal.updateUser, edit, top)).code).toBe(Code.ok);
    expect((await t.call(api.terminal.updateUser, { id: first, name: 'Renamed2' }, top)).code).toBe(Code.ok);
    const detail = (await t.call(api.terminal.detail, { id: first }, top)).data;
    expect(detail).toMatchObject({ name: 'Renamed2', remark: 'Night shift', dispatcher: true });

    const other = await t.call(
      api.org.add,
      { name: 'KeptCo', contact: 'Kim', account: 'keptco01', password: 'keptco123' },
      top,
    );
    expect(other.code).toBe(Code.ok);
    const otherId = other.data.id;
    expect((await t.call(api.terminal.updateUser, { id: second, orgId: otherId }, top)).code).toBe(Code.ok);
    expect(await rowOf(second)).toMatchObject({ org_id: otherId, org_name: 'KeptCo' });

    const renamed = await t.call(api.org.updateUnit, { id: otherId, name: 'KeptCo2', contact: 'Kim' }, top);
    expect(renamed.code).toBe(Code.ok);
    expect(await rowOf(second)).toMatchObject({ org_name: 'KeptCo2' });
    // The other company's terminals keep their own company's name.
    expect((await rowOf(first))?.org_name).not.toBe('KeptCo2');

    expect((await t.call(api.terminal.cardBack, { ids: `${first},${second}` }, top)).code).toBe(Code.ok);
    expect([await rowOf(first), await rowOf(second)]).toEqual([undefined, undefined]);
  });

  it('creates nothing when one SSID is already in use, and names it', async () => {
    const before = await voice(top);
    const list = [...ssids(5000, 5), ssids(1000, 1)[0]];
    const res = await batch(list);
    expect([res.code, res.msg.en, res.data]).toEqual([
      Code.conflict,
      'Do not add repeatedly!',
      { ssids: [list[5]] },
    ]);
    expect(await voice(top)).toBe(before);
    const check = await t.call(api.terminal.list, { keyword: ssids(5000, 1)[0] }, top);
    expect(check.data.total).toBe(0);
  });

  it('names the SSIDs already in use before anything is confirmed, to an agent and to a company', async () => {
    const used = ssids(1000, 1)[0];
    const fresh = ssids(5100, 2);
    const before = await voice(top);
    const check = await t.call(api.terminal.checkSsids, { ssids: [...fresh, used].join(',') }, top);
    expect([check.code, check.data]).toEqual([Code.ok, { taken: [used] }]);
    // A card replacement asks about one SSID, from a company's console too.
    expect((await t.call(api.terminal.checkSsids, { ssids: fresh[0] }, company)).data).toEqual({ taken: [] });
    expect((await t.call(api.terminal.checkSsids, { ssids: '12345' }, top)).msg.en).toBe(
      'SSID(IMEI): exactly 15 digits',
    );
    expect((await t.call(api.terminal.checkSsids, { ssids: '' }, top)).code).toBe(Code.invalid);
    expect(await voice(top)).toBe(before);
  });

  it('applies the batch rules: 10 by input, 100 by scan, no repeats, valid SSIDs, a prefix', async () => {
    expect((await batch(ssids(6000, 11), { mode: 'input' })).msg.en).toBe(
      'Up to 10 users can be added by input',
    );
    expect((await batch(ssids(6000, 101))).msg.en).toBe(
      'Up to 100 SSID(IMEI)s can be added by scanning the code!',
    );
    expect((await batch([...ssids(6000, 2), ssids(6000, 1)[0]])).msg.en).toBe('Do not add repeatedly!');
    expect((await batch(['12345'])).msg.en).toBe('SSID(IMEI): exactly 15 digits');
    expect((await batch(ssids(6000, 1), { prefix: '' })).msg.en).toBe('Please enter a nickname prefix');
    expect((await batch(ssids(6000, 1), { orgId: '' })).msg.en).toBe('Please select a company');
    expect((await batch(ssids(6000, 1), {}, company)).code).toBe(Code.forbidden);
  });

  it('creates nothing above the balance', async () => {
    const sub = await t.login(0, 'subagent01', 'agent123');
    const org = await t.call(
      api.org.add,
      { name: 'SubCompany', contact: 'Fay', account: 'subcompany01', password: 'company123' },
      sub,
    );
    const before = await voice(sub);
    const res = await t.callBody(
      api.terminal.batch,
      { orgId: org.data.id, userType: 0, prefix: 'Sub', mode: 'scan' },
      { ssids: ssids(7000, before + 1) },
      sub,
    );
    expect(res.msg.en).toBe('Insufficient voice card balance');
    expect(await voice(sub)).toBe(before);
    const oneOf = (userType: 0 | 1) =>
      t.callBody(
        api.terminal.batch,
        { orgId: org.data.id, userType, prefix: 'Sub', mode: 'scan' },
        { ssids: ssids(7000, 1) },
        sub,
      );
    expect((await oneOf(1)).msg.en).toBe('This card type is not available');

    // With voice switched off too, a single-function user has nothing to run on.
    const subId = (await t.call(api.profile.agent, {}, sub)).data.id;
    const on = { recording_card: 1, location_card: 1, sos_card: 1, enclosure_card: 1, duplex_card: 1 };
    expect((await t.call(api.agent.updateAgent, { id: subId, ...on, blance: 0 }, top)).code).toBe(Code.ok);
    expect((await oneOf(0)).msg.en).toBe('Single-function users need a VIP or voice service');
    expect((await t.call(api.agent.updateAgent, { id: subId, ...on, blance: 1 }, top)).code).toBe(Code.ok);
  });

  it('renews a function by one year per card and refuses SOS for users who have it', async () => {
    const [a, b] = (await t.call(api.terminal.list, { orgId, size: 2 }, top)).data.list;
    const res = await t.call(api.terminal.addService, { ids: `${a.id},${b.id}`, cardType: 1 }, top);
    expect(res.data).toEqual({ renewed: 2, skipped: 0 });
    const d1 = await t.call(api.terminal.detail, { id: a.id }, top);
    const year = new Date().getUTCFullYear() + 1;
    expect(d1.data.expiries.recording?.startsWith(String(year))).toBe(true);
    await t.call(api.terminal.addService, { ids: `${a.id}`, cardType: 1 }, top);
    const d2 = await t.call(api.terminal.detail, { id: a.id }, top);
    expect(d2.data.expiries.recording?.startsWith(String(year + 1))).toBe(true);

    expect((await t.call(api.terminal.addService, { ids: `${a.id}`, cardType: 3 }, top)).code).toBe(Code.ok);
    const again = await t.call(api.terminal.addService, { ids: `${a.id},${b.id}`, cardType: 3 }, top);
    expect(again.msg.en).toBe('Please select users who have not turned on SOS service');
    expect((await t.call(api.terminal.addService, { ids: '', cardType: 3 }, top)).msg.en).toBe(
      'Please select a user',
    );
  });

  it("filters by the voice service's state, newest first, with each state's total", async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const made = (await batch(ssids(8500, 4), { prefix: 'State' })).data.created.map((c) => c.id);
    const expiries = [day(-3), day(10), day(-40), day(200)];
    for (const [i, id] of made.entries())
      await t.database.db.update(terminals).set({ voiceExpires: expiries[i] }).where(eq(terminals.id, id));
    const ids = async (params: Record<string, unknown>, who = top) =>
      (await t.call(api.terminal.list, { size: 100, keyword: 'State', ...params }, who)).data;
    const expired = await ids({ state: 'expired' });
    expect([expired.list.map((r) => r.id), expired.total]).toEqual([[made[2], made[0]], 2]);
    const expiring = await ids({ state: 'expiring' });
    expect([expiring.list.map((r) => r.id), expiring.total]).toEqual([[made[1]], 1]);
    const active = await ids({ state: 'active' });
    expect(active.list.map((r) => r.id)).toEqual([made[3], made[1]]);
    // Without a keyword, for the company, and past the end.
    const companyExpired = (await t.call(api.terminal.list, { state: 'expired', size: 1 }, company)).data;
    expect([companyExpired.list.map((r) => r.id), companyExpired.total]).toEqual([[made[2]], 2]);
    const past = (await t.call(api.terminal.list, { state: 'expired', size: 1, page: 9 }, top)).data;
    expect([past.list, past.total]).toEqual([[], 2]);
    expect((await t.call(api.terminal.cardBack, { ids: made.join(',') }, top)).code).toBe(Code.ok);
  });

  it('finds an SSID by its start or its end and a name by any part; a filtered total counts one row past its page', async () => {
    const list = ssids(8700, 30);
    expect((await batch(list, { prefix: 'Seek' })).code).toBe(Code.ok);
    const found = async (keyword: string, extra: Record<string, unknown> = {}) =>
      (await t.call(api.terminal.list, { size: 100, keyword, ...extra }, top)).data;
    expect((await found(list[7].slice(0, 13))).list.map((r) => r.ssid)).toContain(list[7]);
    expect((await found(list[7].slice(-5))).list.map((r) => r.ssid)).toEqual([list[7]]);
    expect((await found('eek1')).list.map((r) => r.name)).toContain('Seek1');
    // Digits from the middle of an SSID are neither its start nor its end.
    expect((await found(list[7].slice(4, 11))).total).toBe(0);
    // 30 matches, pages of 2: the first page counts one row past it, the last and a later one all 30.
    expect((await found('Seek', { size: 2 })).total).toBe(3);
    expect((await found('Seek', { size: 2, page: 15 })).total).toBe(30);
    expect((await found('Seek', { size: 2, page: 40 })).total).toBe(30);
    const ids = (await t.call(api.terminal.list, { size: 100, keyword: 'Seek' }, top)).data.list.map(
      (r) => r.id,
    );
    expect((await t.call(api.terminal.cardBack, { ids: ids.join(',') }, top)).code).toBe(Code.ok);
  });

  /** Terminals of the company renamed one by one, as a person would type their names. */
  const named = async (start: number, names: string[]) => {
    const made = (await batch(ssids(start, names.length), { prefix: 'Named' })).data.created;
    for (const [i, m] of made.entries())
      expect((await t.call(api.terminal.updateUser, { id: m.id, name: names[i] }, top)).code).toBe(Code.ok);
  };
  const namesListed = async (keyword: string, s = top) =>
    (await t.call(api.terminal.list, { keyword }, s)).data.list.map((r) => r.name);
  const namesSearched = async (keyword: string) =>
    (await t.call(api.search.global, { keyword, searchType: 'user' }, top)).data.users.map((u) => u.name);

  it('finds a name in any case, with Han characters too, in the list and in the search', async () => {
    await named(8800, ['QUILLnight', '夜班Zorpa']);
    expect(await namesListed('quill')).toEqual(['QUILLnight']);
    expect(await namesListed('lNIGH', company)).toEqual(['QUILLnight']);
    expect(await namesListed('夜班')).toEqual(['夜班Zorpa']);
    expect(await namesListed('班zORP', company)).toEqual(['夜班Zorpa']);
    expect(await namesSearched('Night')).toEqual(['QUILLnight']);
    expect(await namesSearched('ZORPA')).toEqual(['夜班Zorpa']);
  });

  it('finds a word with its number by the whole keyword, though the index is given its digits', async () => {
    // "Rock1221" and "Lock1229" share "k122" with the keyword, "Dock9122" its digits, "Dock1220" all of it.
    await named(8850, ['Dock1220', 'Rock1221', 'Lock1229', 'Dock9122']);
    expect(await namesListed('Dock122')).toEqual(['Dock1220']);
    expect(await namesListed('dOCK122', company)).toEqual(['Dock1220']);
    expect(await namesListed('Dock12')).toEqual(['Dock1220']);
    expect(await namesListed('ock122')).toEqual(['Lock1229', 'Rock1221', 'Dock1220']);
    expect(await namesListed('k122')).toEqual(['Lock1229', 'Rock1221', 'Dock1220']);
    expect(await namesSearched('Dock122')).toEqual(['Dock1220']);
    expect(await namesSearched('LOCK1229')).toEqual(['Lock1229']);
  });

  it('pages a keyword matched by SSID starts, SSID ends and names in id order, without gaps or repeats', async () => {
    // 358… SSIDs start with "358"; names "Arm358…" contain it; SSIDs ending in "358" end with it.
    const starts = Array.from({ length: 5 }, (_, i) => String(358_000_000_100_000 + i));
    const ends = Array.from({ length: 4 }, (_, i) => `35900000077${i}358`);
    const made = [
      ...(await batch(starts, { prefix: 'Start' })).data.created,
      ...(await batch(ends, { prefix: 'End' })).data.created,
      ...(await batch(ssids(8900, 3), { prefix: 'Arm358x' })).data.created,
      // A terminal matched by two arms at once is listed once.
      ...(await batch([String(358_000_000_200_358)], { prefix: 'Both358x' })).data.created,
    ];
    const expected = made.map((c) => c.id).sort((a, b) => b - a);
    // Four digits of an SSID's end ("2358") are read on the reversed SSID index, fewer as PostgreSQL chooses.
    for (const keyword of ['358', 'arm358', '2358']) {
      const wanted =
        keyword === '358'
          ? expected
          : (await t.database.db.select().from(terminals))
              .filter(
                (r) =>
                  r.name.toLowerCase().includes(keyword) ||
                  r.ssid.startsWith(keyword) ||
                  r.ssid.endsWith(keyword),
              )
              .map((r) => r.id)
              .sort((a, b) => b - a);
      if (keyword === '2358') expect(wanted).toContain(made[7].id);
      const paged: number[] = [];
      for (let page = 1; page <= 10; page++)
        paged.push(
          ...(await t.call(api.terminal.list, { size: 2, page, keyword }, top)).data.list.map((r) => r.id),
        );
      expect(paged).toEqual(wanted);
    }
    // A start of 12 digits or more is read on the SSID index, and answers the same however often it is
    // asked (PostgreSQL's plan cache chooses between plans after five runs of a statement).
    const byStart = made
      .slice(0, 5)
      .map((c) => c.id)
      .sort((a, b) => b - a);
    for (let run = 0; run < 7; run++)
      for (const keyword of [starts[0].slice(0, 12), starts[0].slice(0, 14)])
        expect(
          (await t.call(api.terminal.list, { keyword }, top)).data.list.map((r) => r.id),
          keyword,
        ).toEqual(byStart);
    // Eleven digits name a batch: its terminals in the caller's scope, newest first, paged. The batch
    // also holds another agent's company's terminals (Far…), listed to that company only.
    const batchOf = ends[0].slice(0, 11);
    const inBatch: number[] = [];
    for (let page = 1; page <= 3; page++)
      inBatch.push(
        ...(await t.call(api.terminal.list, { size: 2, page, keyword: batchOf }, top)).data.list.map(
          (r) => r.id,
        ),
      );
    expect(inBatch).toEqual(
      made
        .slice(5, 9)
        .map((c) => c.id)
        .sort((a, b) => b - a),
    );
    const farCompany = await t.login(1, 'company02', 'company123');
    const far = (await t.call(api.terminal.list, { keyword: batchOf }, farCompany)).data.list;
    expect(far.map((r) => r.name).sort()).toEqual(['Far0', 'Far1', 'Far2']);
    // The search's users are the oldest matches first.
    const search = await t.call(api.search.global, { keyword: '358', searchType: 'user' }, top);
    expect(search.data.users.map((u) => u.id)).toEqual([...expected].reverse());
    expect((await t.call(api.terminal.cardBack, { ids: expected.join(',') }, top)).code).toBe(Code.ok);
  });

  it('finds a keyword read on its own index within the agent’s scope only, for a sub-agent too', async () => {
    // One batch (35700000001…) and one name shared by three agents' companies: the top-level agent's,
    // its sub-agent's and the other tenant's. Such keywords are read on the SSID or name index and the
    // scope is checked on the rows found.
    const sub = await t.login(0, 'subagent01', 'agent123');
    const otherTop = await t.login(0, 'agent02', 'agent123');
    // The sub-agent's company, made in an earlier test.
    const [subOrg] = (await t.call(api.agent.orgs, {}, sub)).data.list;
    const [otherOrg] = (await t.call(api.agent.orgs, {}, otherTop)).data.list;
    const place = async (
      id: number,
      from: number,
      count = 2,
      first = 357_000_000_010_000,
      name = 'Kite44',
    ) => {
      const [org] = await t.database.db.select().from(schemaOrgs).where(eq(schemaOrgs.id, id));
      return t.database.db
        .insert(terminals)
        .values(
          Array.from({ length: count }, (_, i) => ({
            ssid: String(first + from + i),
            name: `${name}${from + i}`,
            orgId: id,
            agentPath: org.agentPath,
            intercomPwdHash: 'x',
          })),
        )
        .returning({ id: terminals.id, ssid: terminals.ssid, name: terminals.name });
    };
    const own = await place(orgId, 10);
    const below = await place(subOrg.id, 20);
    const other = await place(otherOrg.id, 30);
    const scopes = [
      [top, [...own, ...below]],
      [sub, below],
      [otherTop, other],
    ] as const;
    const names = (rows: readonly { name: string }[]) => rows.map((r) => r.name).sort();
    // A batch, a longer start, an end of four digits or more and a name with digits; each asked more
    // than five times, past the runs after which PostgreSQL may keep one plan for a statement.
    const keywords: [string, (r: { ssid: string; name: string }) => boolean][] = [
      ['35700000001', () => true],
      ['357000000010', () => true],
      ['10021', (r) => r.ssid.endsWith('10021')],
      ['kite4403', (r) => r.name.startsWith('Kite4403')],
    ];
    for (let run = 0; run < 6; run++)
      for (const [keyword, matches] of keywords)
        for (const [who, rows] of scopes) {
          const wanted = names(rows.filter(matches));
          const listed = (await t.call(api.terminal.list, { keyword, size: 100 }, who)).data.list;
          const searched = (await t.call(api.search.global, { keyword, searchType: 'user' }, who)).data.users;
          expect(names(listed), keyword).toEqual(wanted);
          expect(names(searched), keyword).toEqual(wanted);
        }
    // A start of digits more than a thousand SSIDs share (here the other tenant's) is read by walking
    // the agent's scope in list order instead of on the SSID index.
    const crowd = await place(otherOrg.id, 0, 1001, 356_100_000_000_000, 'Crowd');
    const mine = await place(orgId, 900_000, 3, 356_100_000_000_000, 'Mine');
    const newest = mine.map((r) => r.id).sort((a, b) => b - a);
    for (let run = 0; run < 6; run++) {
      const paged = [];
      for (const page of [1, 2])
        paged.push(...(await t.call(api.terminal.list, { keyword: '3561', size: 2, page }, top)).data.list);
      expect(paged.map((r) => r.id)).toEqual(newest);
      const searched = (await t.call(api.search.global, { keyword: '35610', searchType: 'user' }, top)).data;
      expect(searched.users.map((u) => u.id)).toEqual([...newest].reverse());
    }
    // A company's list, planned for each keyword, finds them too: the other tenant's company holds the
    // crowd itself.
    const crowdNewest = crowd.map((r) => r.id).sort((a, b) => b - a);
    const crowdCompany = await t.login(1, 'company02', 'company123');
    for (let run = 0; run < 6; run++) {
      const own = (await t.call(api.terminal.list, { keyword: '3561', size: 2 }, crowdCompany)).data.list;
      expect(own.map((r) => r.id)).toEqual(crowdNewest.slice(0, 2));
      const ours = (await t.call(api.terminal.list, { keyword: '35610', size: 5 }, company)).data.list;
      expect(ours.map((r) => r.id)).toEqual(newest);
    }
    const placed = [...own, ...below, ...other, ...crowd, ...mine].map((r) => r.ssid);
    await t.database.db.delete(terminals).where(inArray(terminals.ssid, placed));
  });

  it('replaces a card with the four rules of SPEC §8', async () => {
    const [a] = (await t.call(api.terminal.list, { orgId, size: 1 }, top)).data.list;
    const free = ssids(9000, 1)[0];
    const missing = await t.call(api.terminal.changecard, { oldSsid: ssids(9500, 1)[0], newSsid: free }, top);
    expect(missing.msg.en).toBe('The original SSID(IMEI) entered does not exist');
    const inUse = await t.call(api.terminal.changecard, { oldSsid: a.ssid, newSsid: ssids(1000, 1)[0] }, top);
    expect(inUse.msg.en).toBe('The entered new SSID(IMEI) is already in use');
    const ok = await t.call(api.terminal.changecard, { oldSsid: a.ssid, newSsid: free }, top);
    expect(ok.data).toEqual({ id: a.id, ssid: free });
    await t.database.db
      .update(terminals)
      .set({ warrantyExpires: '2020-01-01' })
      .where(eq(terminals.id, a.id));
    const expired = await t.call(api.terminal.changecard, { oldSsid: free, newSsid: ssids(9001, 1)[0] }, top);
    expect(expired.msg.en).toBe('The warranty period has expired and cannot be replaced');
  });

  it('deletes terminals and gives back the cards of fresh ones', async () => {
    const before = await voice(top);
    const created = (await batch(ssids(8000, 3))).data.created;
    // A second batch with the same prefix continues the numbering.
    expect(created.map((c) => c.name)).toEqual(['Unit101', 'Unit102', 'Unit103']);
    const res = await t.call(api.terminal.cardBack, { ids: created.map((c) => c.id).join(',') }, top);
    expect(res.data).toEqual({ deleted: 3, returned: 3 });
    expect(await voice(top)).toBe(before);
  });

  it('reads a choice again before a renewal: a terminal deleted since drops out, VIP functions read permanent', async () => {
    const created = (await batch(ssids(8100, 2))).data.created;
    const vip = (await batch(ssids(8200, 1), { userType: 1, prefix: 'Vip' })).data.created[0];
    const ids = [vip.id, ...created.map((c) => c.id)];
    expect((await t.call(api.terminal.cardBack, { ids: String(created[0].id) }, top)).code).toBe(Code.ok);
    const res = await t.call(api.terminal.selected, { ids: ids.join(',') }, top);
    expect(res.code).toBe(Code.ok);
    expect(res.data.list.map((r) => r.id)).toEqual([created[1].id, vip.id].sort((a, b) => a - b));
    const row = res.data.list.find((r) => r.id === vip.id);
    expect([row?.user_type, row?.expiries.recording, row?.name]).toEqual([1, '2099-12-31', vip.name]);
    // Out of scope reads like deleted.
    const sub = await t.login(0, 'subagent01', 'agent123');
    expect((await t.call(api.terminal.selected, { ids: ids.join(',') }, sub)).data).toEqual({
      list: [],
      total: 0,
    });
    expect((await t.call(api.terminal.selected, { ids: '' }, top)).msg.en).toBe('Please select a user');
  });

  it('keeps companies and siblings out of other terminals', async () => {
    const [mine] = (await t.call(api.terminal.list, { size: 1 }, company)).data.list;
    expect((await t.call(api.terminal.detail, { id: mine.id }, company)).code).toBe(Code.ok);
    const sub = await t.login(0, 'subagent01', 'agent123');
    expect((await t.call(api.terminal.detail, { id: mine.id }, sub)).code).toBe(Code.notFound);
    expect((await t.call(api.terminal.updateUser, { id: mine.id, name: 'Stolen' }, sub)).code).toBe(
      Code.notFound,
    );
    expect((await t.call(api.terminal.resetIntercomPassword, { id: mine.id }, sub)).code).toBe(Code.notFound);
    expect((await t.call(api.terminal.list, {}, sub)).data.total).toBe(0);
    // Another agent's company, named as a filter, answers like any id out of scope.
    for (const params of [{ orgId }, { orgId, keyword: mine.ssid.slice(-4) }, { orgId, state: 'active' }]) {
      const filtered = await t.call(api.terminal.list, params, sub);
      expect([filtered.code, filtered.data]).toEqual([Code.notFound, null]);
    }
    const mineByOrg = (await t.call(api.terminal.list, { orgId, keyword: mine.ssid.slice(-4) }, top)).data;
    expect(mineByOrg.list.map((r) => r.id)).toContain(mine.id);
    const other = await t.login(1, 'subcompany01', 'company123');
    expect((await t.call(api.terminal.detail, { id: mine.id }, other)).code).toBe(Code.notFound);
    // Another company is out of a company's scope, like any id it may not see.
    expect((await t.call(api.terminal.updateUser, { id: mine.id, orgId: orgId + 1 }, company)).code).toBe(
      Code.notFound,
    );
  });

  it('lets a company complete a terminal profile and reset its intercom password', async () => {
    const [mine] = (await t.call(api.terminal.list, { size: 1 }, company)).data.list;
    const res = await t.call(
      api.terminal.updateUser,
      { id: mine.id, name: '巡邏一號', iccid: '8985200000000000001', remark: 'Gate', dispatcher: '1' },
      company,
    );
    expect(res.code).toBe(Code.ok);
    const d = await t.call(api.terminal.detail, { id: mine.id }, company);
    expect(d.data).toMatchObject({
      name: '巡邏一號',
      iccid: '8985200000000000001',
      remark: 'Gate',
      dispatcher: true,
    });
    const pw = await t.call(api.terminal.resetIntercomPassword, { id: mine.id }, company);
    expect(pw.data.password).toMatch(/^\d{6}$/);
    expect((await t.call(api.terminal.updateUser, { id: mine.id, iccid: '123' }, company)).msg.en).toBe(
      'ICCID: 19 or 20 letters or digits',
    );
  });
});
