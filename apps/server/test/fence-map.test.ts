import { api, Code, FenceLimits, FenceTrigger, PlaceLimits } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { fences } from '../src/db/schema.ts';
import { addOtherTenant, backends, loginAs, type Session, useTestApp } from './harness.ts';

/** What a fence is drawn by: the company's other fences and a place found by name. */
describe.each(backends)('drawing a fence on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 60_000, closeTimeout: 30_000 });
  let company: Session;
  let top: Session;
  let sub: Session;
  let other: Session;
  let orgId: number;
  let otherOrg: Awaited<ReturnType<typeof addOtherTenant>>['org'];
  beforeAll(async () => {
    ({ org: otherOrg } = await addOtherTenant(t));
    ({ company, top, sub, other } = await loginAs(t, 'company', 'top', 'sub', 'other'));
    orgId = (await t.call(api.agent.orgs, {}, top)).data.list[0].id;
  }, 60_000);

  it('gives a company its fences with their geometry, newest first, and an agent those of a company it names', async () => {
    const made = await t.call(
      api.fence.add,
      { name: 'Yard', shape: 'circle', center: '22.3,114.17', radius: 250, trigger: FenceTrigger.leave },
      company,
    );
    const first = await t.call(api.fence.shapes, {}, company);
    expect(first.code).toBe(Code.ok);
    expect(first.data.list[0]).toEqual({
      id: made.data.id,
      name: 'Yard',
      shape: 'circle',
      center: { lat: 22.3, lng: 114.17 },
      radius: 250,
      points: [],
    });
    const square = await t.call(
      api.fence.add,
      {
        name: 'Gate',
        shape: 'polygon',
        points: '22.30,114.17;22.30,114.18;22.31,114.18',
        trigger: FenceTrigger.enter,
      },
      company,
    );
    const listed = (await t.call(api.fence.shapes, {}, company)).data.list;
    expect(listed.map((f) => f.name).slice(0, 3)).toEqual(['Gate', 'Yard', 'Harbour']);
    expect(listed[0]).toMatchObject({ id: square.data.id, center: null, radius: null });
    expect(listed[0].points).toHaveLength(3);
    const own = await t.call(api.fence.shapes, {}, company);
    expect(own.data.total).toBe(own.data.list.length);

    const agent = await t.call(api.fence.shapes, { orgId }, top);
    expect(agent.data).toEqual(own.data);
    expect((await t.call(api.fence.shapes, { orgId: orgId }, company)).data).toEqual(own.data);
  });

  it('answers a company or agent out of scope as a record that does not exist', async () => {
    for (const [params, who] of [
      [{ orgId }, other],
      [{ orgId }, sub],
      [{}, top],
      [{ orgId: otherOrg.id }, top],
      [{ orgId: otherOrg.id }, company],
    ] as const) {
      const res = await t.call(api.fence.shapes, params, who);
      expect([res.code, res.data]).toEqual([Code.notFound, null]);
    }
    expect((await t.call(api.fence.shapes, {})).code).toBe(Code.unauthorized);
    expect((await t.call(api.fence.shapes, {}, other)).data).toEqual({ list: [], total: 0 });
  });

  it(`draws at most the newest ${FenceLimits.shapesMax} and says how many there are`, async () => {
    const many = Array.from({ length: FenceLimits.shapesMax + 5 }, (_, i) => ({
      orgId: otherOrg.id,
      agentPath: otherOrg.agentPath,
      name: `F${i}`,
      shape: 'circle',
      centerLat: 22.3,
      centerLng: 114.1 + i / 1000,
      radius: 100,
      trigger: 0,
      timeZone: 'UTC',
    }));
    await t.database.db.insert(fences).values(many);
    const res = await t.call(api.fence.shapes, {}, other);
    expect(res.data.total).toBe(FenceLimits.shapesMax + 5);
    expect(res.data.list).toHaveLength(FenceLimits.shapesMax);
    expect(res.data.list[0].name).toBe(`F${FenceLimits.shapesMax + 4}`);
  });

  it('finds a place of the gazetteer by its name, a later word of it, or without its accents', async () => {
    const hk = await t.call(api.location.places, { q: 'hong kong' }, company);
    expect(hk.code).toBe(Code.ok);
    expect(hk.data.list[0]).toMatchObject({ name: 'Hong Kong', country: 'HK' });
    expect(hk.data.list[0].lat).toBeCloseTo(22.28, 1);
    expect(hk.data.list[0].lng).toBeCloseTo(114.17, 1);

    const word = await t.call(api.location.places, { q: 'Lumpur' }, top);
    expect(word.data.list[0]).toMatchObject({
      name: 'Kuala Lumpur',
      country: 'MY',
      country_name: 'Malaysia',
    });
    // A name that is the query itself comes before names that only start with it.
    const exact = (await t.call(api.location.places, { q: 'kong' }, top)).data.list;
    expect(exact[0].name).toBe('Kong');

    const accent = await t.call(api.location.places, { q: 'sao paulo', lang: 'cn' }, company);
    expect(accent.data.list[0]).toMatchObject({ name: 'São Paulo', country: 'BR', country_name: '巴西' });

    // A common start answers at most the limit, the most populous first.
    const many = (await t.call(api.location.places, { q: 'san' }, company)).data.list;
    expect(many).toHaveLength(PlaceLimits.results);
    expect(many.every((p) => p.name.toLowerCase().startsWith('san'))).toBe(true);

    const none = await t.call(api.location.places, { q: 'Zzqxv' }, company);
    expect(none.data).toEqual({ list: [] });
  });

  it('refuses a query too short or too long, and a caller not signed in', async () => {
    for (const q of ['', ' a ', 'x'.repeat(PlaceLimits.queryMax + 1)]) {
      const res = await t.call(api.location.places, { q }, company);
      expect([res.code, res.msg.en]).toEqual([Code.invalid, 'Place: 2 to 50 characters of its name']);
    }
    expect((await t.call(api.location.places, { q: 'Hong Kong' })).code).toBe(Code.unauthorized);
  });
});
