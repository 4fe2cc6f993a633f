import { api, Code } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSsid, deviceCall, signIn } from './device-support.ts';
import { backends, useTestApp } from './harness.ts';

/** Groups terminals create themselves (device API) and SPEC §6's rules on them. */
describe.each(backends)('self-created groups on %s', (backend) => {
  const { t, company, top: agent } = useTestApp(backend, { sessions: ['company', 'top'] });
  let a: Awaited<ReturnType<typeof signIn>>;
  let b: Awaited<ReturnType<typeof signIn>>;
  let c: Awaited<ReturnType<typeof signIn>>;
  let otherOrgId: number;

  const create = (token: string, name: string, terminalIds?: number[]) =>
    deviceCall(t, api.device.createGroup, {
      device_token: token,
      name,
      terminalIds: terminalIds?.join(','),
    });

  beforeAll(async () => {
    [a, b, c] = [await signIn(t, demoSsid(1)), await signIn(t, demoSsid(2)), await signIn(t, demoSsid(3))];
    otherOrgId = (
      await t.call(
        api.org.add,
        { name: 'ElsewhereUnit', contact: 'Ivy', account: 'elsewhere01', password: 'company123' },
        agent,
      )
    ).data.id;
  });

  it('creates a group owned by the terminal, shown with its owner and mark in the console', async () => {
    const made = await create(a.token, 'Outrider', [b.id, c.id]);
    expect(made.code).toBe(Code.ok);
    const listed = (await t.call(api.group.list, { keyword: 'Outrider' }, company)).data.list;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: made.data.id, self_created: true, member_count: 3 });
    const detail = (await t.call(api.group.detail, { id: made.data.id }, company)).data;
    expect(detail).toMatchObject({ self_created: true, owner: { id: a.id }, leader: { id: a.id } });
    const console = (await t.call(api.group.add, { name: 'Desk' }, company)).data.created[0];
    expect((await t.call(api.group.detail, { id: console.id }, company)).data.self_created).toBe(false);
  });

  it('validates the name, the members and their count', async () => {
    expect((await create(a.token, 'P')).msg.en).toBe(
      'Group name: 2-15 Chinese characters, digits or letters',
    );
    const taken = await create(b.token, 'Outrider');
    expect(taken.code).toBe(Code.conflict);
    expect(taken.msg.cn2).toBe('公司內已有同名群組');
    expect(
      (
        await create(
          a.token,
          'TooMany',
          Array.from({ length: 51 }, (_, i) => i + 1),
        )
      ).code,
    ).toBe(Code.invalid);
    expect((await create(a.token, 'Unknown', [9_999_999])).code).toBe(Code.notFound);
    expect(
      (await deviceCall(t, api.device.createGroup, { device_token: 'x'.repeat(32), name: 'Ghost' })).code,
    ).toBe(Code.unauthorized);
  });

  it('refuses a member of another company', async () => {
    const d = await signIn(t, demoSsid(4));
    await t.call(api.terminal.updateUser, { id: d.id, orgId: otherOrgId }, agent);
    expect((await create(a.token, 'Mixed', [b.id, d.id])).code).toBe(Code.notFound);
    expect((await t.call(api.group.list, { keyword: 'Mixed' }, agent)).data.total).toBe(0);
  });

  it('lets only the owner dismiss its group', async () => {
    const g = (await create(a.token, 'Short', [b.id])).data;
    expect((await deviceCall(t, api.device.dismissGroup, { device_token: b.token, id: g.id })).code).toBe(
      Code.notFound,
    );
    const desk = (await t.call(api.group.list, { keyword: 'Desk' }, company)).data.list[0];
    expect((await deviceCall(t, api.device.dismissGroup, { device_token: a.token, id: desk.id })).code).toBe(
      Code.notFound,
    );
    expect((await deviceCall(t, api.device.dismissGroup, { device_token: a.token, id: g.id })).code).toBe(
      Code.ok,
    );
    expect((await t.call(api.group.detail, { id: g.id }, company)).code).toBe(Code.notFound);
  });

  it('deletes the group when the console removes its owner, not when it removes another member', async () => {
    const g = (await create(b.token, 'Relay', [a.id, c.id])).data;
    const other = await t.call(api.group.removeMember, { id: g.id, terminalId: c.id }, company);
    expect(other.data).toEqual({ groupDeleted: false });
    const owner = await t.call(api.group.removeMember, { id: g.id, terminalId: b.id }, company);
    expect(owner.data).toEqual({ groupDeleted: true });
    expect((await t.call(api.group.detail, { id: g.id }, company)).code).toBe(Code.notFound);
  });

  it('deletes the groups a terminal created when it changes company, and keeps the others', async () => {
    const own = (await create(c.token, 'Convoy', [a.id])).data;
    const joined = (await create(a.token, 'Escort', [c.id])).data;
    expect((await t.call(api.terminal.updateUser, { id: c.id, orgId: otherOrgId }, agent)).code).toBe(
      Code.ok,
    );
    expect((await t.call(api.group.detail, { id: own.id }, agent)).code).toBe(Code.notFound);
    const kept = (await t.call(api.group.detail, { id: joined.id }, agent)).data;
    expect(kept).toMatchObject({ owner: { id: a.id }, member_count: 1 });
  });
});
