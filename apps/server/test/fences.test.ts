import { api, Code, FenceLimits, FenceTrigger, Messages } from '@ptt/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fenceMembers, terminals } from '../src/db/schema.ts';
import { addOtherTenant, backends, type Session, useTestApp } from './harness.ts';

const circle = { shape: 'circle', center: '22.3,114.17', radius: 300, trigger: FenceTrigger.enter };
const square = '22.30,114.17;22.30,114.18;22.31,114.18;22.31,114.17';

describe.each(backends)('fences on %s', (backend) => {
  const { t } = useTestApp(backend, { env: { MAP_CENTER: '48.8566, 2.3522' } });
  let company: Session;
  let top: Session;
  let other: Session;
  let orgId: number;
  let terminalIds: number[];
  beforeAll(async () => {
    await addOtherTenant(t);
    company = await t.login(1, 'company01', 'company123');
    top = await t.login(0, 'agent01', 'agent123');
    other = await t.login(1, 'company02', 'company123');
    orgId = (await t.call(api.agent.orgs, {}, top)).data.list[0].id;
    terminalIds = (await t.call(api.terminal.list, { size: 10 }, company)).data.list.map((u) => u.id).sort();
  });

  it('creates a circle and a polygon, lists and details them', async () => {
    const a = await t.call(api.fence.add, { name: 'Depot', ...circle }, company);
    expect(a.code).toBe(Code.ok);
    const b = await t.call(
      api.fence.add,
      {
        name: '禁區',
        shape: 'polygon',
        points: square,
        trigger: FenceTrigger.noEntry,
        windowStart: '22:00',
        windowEnd: '06:00',
        permanent: 0,
        dateStart: '2025-01-01',
        dateEnd: '2025-12-31',
        timeZone: 'Asia/Hong_Kong',
      },
      company,
    );
    expect(b.code).toBe(Code.ok);
    const list = await t.call(api.fence.list, {}, company);
    expect(list.data.list.map((f) => f.name)).toEqual(['禁區', 'Depot', 'Harbour']);
    const circleDetail = await t.call(api.fence.detail, { id: a.data.id }, company);
    expect(circleDetail.data).toMatchObject({
      shape: 'circle',
      center: { lat: 22.3, lng: 114.17 },
      radius: 300,
      points: [],
      permanent: true,
      window_start: '00:00',
      window_end: '23:59',
      trigger: FenceTrigger.enter,
    });
    const polygon = await t.call(api.fence.detail, { id: b.data.id }, company);
    expect(polygon.data).toMatchObject({
      shape: 'polygon',
      center: null,
      permanent: false,
      date_start: '2025-01-01',
      date_end: '2025-12-31',
      time_zone: 'Asia/Hong_Kong',
    });
    expect(polygon.data.points).toHaveLength(4);
  });

  it('opens a new map on the newest fence in scope, else on the configured centre', async () => {
    const centre = async (session: Session) =>
      (await t.call(api.location.mapConfig, {}, session)).data.center;
    expect(await centre(other)).toEqual({ lat: 48.8566, lng: 2.3522 });
    // The newest fence of the company is the polygon of the test above: the mean of its corners.
    const polygon = await centre(company);
    expect([polygon.lat.toFixed(3), polygon.lng.toFixed(3)]).toEqual(['22.305', '114.175']);
    expect(await centre(top)).toEqual(polygon);

    const added = await t.call(api.fence.add, { ...circle, name: 'Marina', center: '1.29,103.85' }, other);
    expect(added.code).toBe(Code.ok);
    expect(await centre(other)).toEqual({ lat: 1.29, lng: 103.85 });
    expect(await centre(company)).toEqual(polygon);
    expect((await t.call(api.fence.remove, { id: added.data.id }, other)).code).toBe(Code.ok);
    expect(await centre(other)).toEqual({ lat: 48.8566, lng: 2.3522 });
  });

  it('refuses a duplicated name in the company, but not in another company', async () => {
    const dup = await t.call(api.fence.add, { name: 'Depot', ...circle }, company);
    expect([dup.code, dup.msg.en]).toEqual([
      Code.conflict,
      'The fence name is duplicated, please modify it and try again.',
    ]);
    expect(dup.msg.cn2).toBe('圍欄名稱重複，請修改後重試。');
    expect((await t.call(api.fence.add, { name: 'Depot', ...circle }, other)).code).toBe(Code.ok);
    const [, depot] = (await t.call(api.fence.list, {}, company)).data.list;
    const [poly] = (await t.call(api.fence.list, {}, company)).data.list;
    const rename = await t.call(api.fence.update, { id: poly.id, name: 'Depot', ...circle }, company);
    expect(rename.msg.en).toBe('The fence name is duplicated, please modify it and try again.');
    const same = await t.call(
      api.fence.update,
      { id: depot.id, name: 'Depot', ...circle, radius: 400 },
      company,
    );
    expect(same.code).toBe(Code.ok);
  });

  it('validates names, shapes, triggers, periods and dates', async () => {
    const msg = async (params: Record<string, unknown>) =>
      (await t.call(api.fence.add, { name: 'Check', ...circle, ...params }, company)).msg.en;
    expect(await msg({ name: '' })).toBe('Fence name: 1-15 characters');
    expect(await msg({ name: 'x'.repeat(16) })).toBe('Fence name: 1-15 characters');
    expect(await msg({ radius: 5 })).toBe('Radius: 10 to 100000 metres');
    expect(await msg({ radius: undefined })).toBe('Radius: 10 to 100000 metres');
    expect(await msg({ center: '91,0' })).toMatch(/^Please draw a circle/);
    expect(await msg({ center: 'abc' })).toMatch(/^Please draw a circle/);
    expect(await msg({ shape: 'polygon', points: '22.3,114.17;22.31,114.17' })).toMatch(/^Please draw/);
    expect(await msg({ shape: 'polygon', points: '0,0;1,1;0,1;1,0' })).toMatch(/^Please draw/);
    expect(await msg({ shape: 'hexagon' })).toMatch(/^Please draw/);
    expect(await msg({ trigger: 4 })).toBe('Please select a trigger mode');
    expect(await msg({ trigger: '' })).toBe('Please select a trigger mode');
    expect(await msg({ windowStart: '24:00' })).toMatch(/^Valid period/);
    expect(await msg({ windowEnd: '8:00' })).toMatch(/^Valid period/);
    expect(await msg({ permanent: 0 })).toMatch(/^Please choose a valid date range/);
    expect(await msg({ permanent: 0, dateStart: '2025-02-01', dateEnd: '2025-01-01' })).toMatch(
      /^Please choose/,
    );
    expect(await msg({ timeZone: 'Mars/Olympus' })).toBe('Invalid parameters');
    expect(await msg({ permanent: 0, dateStart: '2025-02-01', dateEnd: '2025-02-01' })).toBe(
      'Operation successful',
    );
  });

  it('manages members and the keeper among the company’s terminals only', async () => {
    const [fence] = (await t.call(api.fence.list, { keyword: 'Depot' }, company)).data.list;
    const add = await t.call(
      api.fence.addMembers,
      { id: fence.id, terminalIds: terminalIds.slice(0, 3).join(',') },
      company,
    );
    expect(add.data).toEqual({ added: 3 });
    const again = await t.call(api.fence.addMembers, { id: fence.id, terminalIds: terminalIds[0] }, company);
    expect(again.data).toEqual({ added: 0 });
    expect((await t.call(api.fence.members, { id: fence.id }, company)).data.total).toBe(3);
    const outside = (await t.call(api.fence.unMembers, { id: fence.id }, company)).data;
    expect(outside.total).toBe(terminalIds.length - 3);
    // The demo radios have Location and Fence active; one whose Fence lapsed is marked unwatched.
    expect(outside.list.every((u) => u.watched)).toBe(true);
    const lapsed = outside.list[0].id;
    await t.database.db.update(terminals).set({ fenceExpires: '2020-01-01' }).where(eq(terminals.id, lapsed));
    const marked = (await t.call(api.fence.unMembers, { id: fence.id }, company)).data.list;
    expect(marked.find((u) => u.id === lapsed)?.watched).toBe(false);
    await t.database.db.update(terminals).set({ fenceExpires: '2099-01-01' }).where(eq(terminals.id, lapsed));
    expect(
      (await t.call(api.fence.setKeeper, { id: fence.id, terminalId: terminalIds[1] }, company)).code,
    ).toBe(Code.ok);
    const members = await t.call(api.fence.members, { id: fence.id }, company);
    expect(members.data.list.filter((m) => m.is_keeper).map((m) => m.terminal_id)).toEqual([terminalIds[1]]);
    expect((await t.call(api.fence.detail, { id: fence.id }, company)).data.keeper?.id).toBe(terminalIds[1]);
    const removed = await t.call(
      api.fence.removeMembers,
      { id: fence.id, terminalIds: terminalIds[2] },
      company,
    );
    expect(removed.data).toEqual({ removed: 1 });
    expect((await t.call(api.fence.list, { keyword: 'Depot' }, company)).data.list[0].member_count).toBe(2);
    expect((await t.call(api.fence.setKeeper, { id: fence.id, terminalId: 0 }, company)).code).toBe(Code.ok);
    expect((await t.call(api.fence.detail, { id: fence.id }, company)).data.keeper).toBeNull();
  });

  it('takes a terminal moved to another company out of its fences', async () => {
    const [fence] = (await t.call(api.fence.list, { keyword: 'Depot' }, company)).data.list;
    const before = fence.member_count;
    const members = (await t.call(api.fence.members, { id: fence.id }, company)).data.list;
    const mover = members[0].terminal_id;
    const other = await t.call(
      api.org.add,
      { name: 'FenceMoveUnit', contact: 'Fay', account: 'fencemove01', password: 'company123' },
      top,
    );
    expect((await t.call(api.terminal.updateUser, { id: mover, orgId: other.data.id }, top)).code).toBe(
      Code.ok,
    );
    const [after] = (await t.call(api.fence.list, { keyword: 'Depot' }, company)).data.list;
    expect(after.member_count).toBe(before - 1);
    const left = await t.database.db
      .select()
      .from(fenceMembers)
      .where(and(eq(fenceMembers.fenceId, fence.id), eq(fenceMembers.terminalId, mover)));
    expect(left).toEqual([]);
    // Back in its company it is not a member again by itself.
    expect((await t.call(api.terminal.updateUser, { id: mover, orgId }, top)).code).toBe(Code.ok);
    const [back] = (await t.call(api.fence.list, { keyword: 'Depot' }, company)).data.list;
    expect(back.member_count).toBe(before - 1);
  });

  it('lets an agent manage its companies’ fences, naming the company', async () => {
    expect((await t.call(api.fence.add, { name: 'AgentMade', ...circle }, top)).code).toBe(Code.notFound);
    const made = await t.call(api.fence.add, { name: 'AgentMade', ...circle, orgId }, top);
    expect(made.code).toBe(Code.ok);
    expect((await t.call(api.fence.list, { orgId }, top)).data.total).toBeGreaterThanOrEqual(3);
    expect((await t.call(api.fence.remove, { id: made.data.id }, top)).code).toBe(Code.ok);
  });

  it('keeps another company out of fences, members and records', async () => {
    const [fence] = (await t.call(api.fence.list, { keyword: 'Depot' }, company)).data.list;
    const theirs = (await t.call(api.fence.list, {}, other)).data.list;
    expect(theirs.map((f) => f.org_id)).not.toContain(orgId);
    const calls = [
      await t.call(api.fence.detail, { id: fence.id }, other),
      await t.call(api.fence.update, { id: fence.id, name: 'Stolen', ...circle }, other),
      await t.call(api.fence.remove, { id: fence.id }, other),
      await t.call(api.fence.members, { id: fence.id }, other),
      await t.call(api.fence.unMembers, { id: fence.id }, other),
      await t.call(api.fence.addMembers, { id: fence.id, terminalIds: terminalIds[4] }, other),
      await t.call(api.fence.setKeeper, { id: fence.id, terminalId: 0 }, other),
    ];
    expect(calls.map((c) => c.code)).toEqual(calls.map(() => Code.notFound));
    const own = theirs[0];
    const foreign = await t.call(api.fence.addMembers, { id: own.id, terminalIds: terminalIds[4] }, other);
    expect(foreign.code).toBe(Code.notFound);
    expect((await t.call(api.fence.records, {}, other)).data.total).toBe(0);
    expect((await t.call(api.fence.detail, { id: fence.id }, company)).data.name).toBe('Depot');
  });

  it('deletes a fence with its members', async () => {
    const [fence] = (await t.call(api.fence.list, { keyword: 'Depot' }, company)).data.list;
    expect((await t.call(api.fence.remove, { id: fence.id }, company)).code).toBe(Code.ok);
    expect((await t.call(api.fence.detail, { id: fence.id }, company)).code).toBe(Code.notFound);
  });

  it('keeps at most 200 fences a company, and takes one again once a fence is deleted', async () => {
    const have = (await t.call(api.fence.list, { size: 100 }, other)).data.total;
    for (let i = have; i < FenceLimits.perCompanyMax; i++)
      expect((await t.call(api.fence.add, { ...circle, name: `Post${i}` }, other)).code).toBe(Code.ok);
    const refused = await t.call(api.fence.add, { ...circle, name: 'OneTooMany' }, other);
    expect([refused.code, refused.msg]).toEqual([Code.rule, Messages.fenceMax]);
    expect(Messages.fenceMax.en).toContain(String(FenceLimits.perCompanyMax));
    // Another company is not held by this one's fences.
    expect((await t.call(api.fence.add, { ...circle, name: 'OneTooMany' }, company)).code).toBe(Code.ok);
    const [last] = (await t.call(api.fence.list, { size: 1 }, other)).data.list;
    expect((await t.call(api.fence.remove, { id: last.id }, other)).code).toBe(Code.ok);
    expect((await t.call(api.fence.add, { ...circle, name: 'OneTooMany' }, other)).code).toBe(Code.ok);
  }, 120_000);
});
