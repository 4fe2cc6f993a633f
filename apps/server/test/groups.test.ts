import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../src/db/schema.ts';
import { batchNames } from '../src/modules/group/manage.ts';
import { backends, useTestApp } from './harness.ts';

describe('batch group names', () => {
  it('continues the natural-number suffix after existing names', () => {
    expect(batchNames('Team', ['Team1', 'Team2', 'Team3'], 1)).toEqual(['Team4']);
    expect(batchNames('Team', ['Team1', 'Team3', 'Teams', 'Team10x'], 2)).toEqual(['Team4', 'Team5']);
    expect(batchNames('Team', [], 1)).toEqual(['Team']);
    expect(batchNames('Team', ['Team'], 1)).toEqual(['Team1']);
    expect(batchNames('Team', [], 3)).toEqual(['Team1', 'Team2', 'Team3']);
  });
});

describe.each(backends)('groups on %s', (backend) => {
  const { t, company } = useTestApp(backend, { sessions: ['company'] });
  let ids: number[];
  beforeAll(async () => {
    ids = (await t.call(api.terminal.list, {}, company)).data.list.map((u) => u.id);
  });

  it('creates up to 16 groups at once with continuing suffixes', async () => {
    const first = await t.call(
      api.group.add,
      { name: 'Team', count: 3, terminalIds: ids.slice(0, 2).join(',') },
      company,
    );
    expect(first.data.created.map((g) => g.name)).toEqual(['Team1', 'Team2', 'Team3']);
    const next = await t.call(api.group.add, { name: 'Team', count: 1 }, company);
    expect(next.data.created.map((g) => g.name)).toEqual(['Team4']);
    expect((await t.call(api.group.add, { name: 'Team', count: 17 }, company)).msg.en).toBe(
      'Up to 16 groups can be created at once',
    );
    expect((await t.call(api.group.add, { name: 'T', count: 1 }, company)).msg.en).toBe(
      'Group name: 2-15 Chinese characters, digits or letters',
    );
    const members = await t.call(api.group.members, { id: first.data.created[0].id }, company);
    expect(members.data.total).toBe(2);
  });

  it('sets priority, leader, single speaker and default group', async () => {
    const g = (
      await t.call(api.group.add, { name: '巡邏隊', terminalIds: ids.slice(0, 3).join(',') }, company)
    ).data.created[0];
    expect(g.name).toBe('巡邏隊');
    expect(
      (await t.call(api.group.setPriority, { id: g.id, terminalId: ids[0], priority: 1 }, company)).code,
    ).toBe(Code.ok);
    expect(
      (await t.call(api.group.setPriority, { id: g.id, terminalId: ids[0], priority: 6 }, company)).msg.en,
    ).toBe('Priority: 1 to 5');
    await t.call(api.group.setLeader, { id: g.id, terminalId: ids[1] }, company);
    await t.call(api.group.setCompere, { id: g.id, terminalId: ids[2] }, company);
    expect((await t.call(api.group.setDefault, { id: g.id, terminalId: ids[0] }, company)).code).toBe(
      Code.ok,
    );
    const again = await t.call(api.group.setDefault, { id: g.id, terminalId: ids[0] }, company);
    expect(again.msg.en).toBe('This group is already the default group!');
    const members = (await t.call(api.group.members, { id: g.id }, company)).data.list;
    expect(members[0]).toMatchObject({ terminal_id: ids[0], priority: 1, is_default: true });
    expect(members.find((m) => m.terminal_id === ids[1])?.is_leader).toBe(true);
    expect(members.find((m) => m.terminal_id === ids[2])?.is_compere).toBe(true);
    const detail = await t.call(api.group.detail, { id: g.id }, company);
    expect(detail.data).toMatchObject({ member_count: 3, leader: { id: ids[1] }, compere: { id: ids[2] } });
    const outside = await t.call(api.group.unMembers, { id: g.id }, company);
    expect(outside.data.total).toBe(ids.length - 3);
    // A keyword finds terminals outside only; a page past the last counts its matches.
    const ssidOf = async (id: number) => (await t.call(api.terminal.detail, { id }, company)).data.ssid;
    const [outsider, member] = [await ssidOf(ids[3]), await ssidOf(ids[0])];
    const byKeyword = (keyword: string, page: number) =>
      t.call(api.group.unMembers, { id: g.id, keyword, page }, company).then((r) => r.data);
    expect((await byKeyword(outsider, 1)).list.map((r) => r.id)).toEqual([ids[3]]);
    expect(await byKeyword(outsider, 3)).toMatchObject({ list: [], total: 1 });
    expect(await byKeyword(member, 1)).toMatchObject({ list: [], total: 0 });
    expect(await byKeyword(member, 2)).toMatchObject({ list: [], total: 0 });
    const user = await t.call(api.terminal.detail, { id: ids[0] }, company);
    expect(user.data.default_group?.name).toBe('巡邏隊');
  });

  it('deletes a self-created group when its owner is removed', async () => {
    const g = (
      await t.call(api.group.add, { name: 'Owned', terminalIds: ids.slice(0, 2).join(',') }, company)
    ).data.created[0];
    await t.database.db.update(groups).set({ ownerTerminalId: ids[0] }).where(eq(groups.id, g.id));
    const other = await t.call(api.group.removeMember, { id: g.id, terminalId: ids[1] }, company);
    expect(other.data).toEqual({ groupDeleted: false });
    const owner = await t.call(api.group.removeMember, { id: g.id, terminalId: ids[0] }, company);
    expect(owner.data).toEqual({ groupDeleted: true });
    expect((await t.call(api.group.detail, { id: g.id }, company)).code).toBe(Code.notFound);
  });

  it('deletes a terminal’s self-created groups when it changes company', async () => {
    const agent = await t.login(0, 'agent01', 'agent123');
    const g = (await t.call(api.group.add, { name: 'Mine', terminalIds: String(ids[3]) }, company)).data
      .created[0];
    await t.database.db.update(groups).set({ ownerTerminalId: ids[3] }).where(eq(groups.id, g.id));
    const other = await t.call(
      api.org.add,
      { name: 'OtherUnit', contact: 'Gus', account: 'otherunit01', password: 'company123' },
      agent,
    );
    expect((await t.call(api.terminal.updateUser, { id: ids[3], orgId: other.data.id }, agent)).code).toBe(
      Code.ok,
    );
    expect((await t.call(api.group.detail, { id: g.id }, agent)).code).toBe(Code.notFound);
    const moved = await t.call(api.terminal.detail, { id: ids[3] }, agent);
    expect(moved.data).toMatchObject({ org_id: other.data.id, groups: [], default_group: null });
    expect((await t.call(api.terminal.detail, { id: ids[3] }, company)).code).toBe(Code.notFound);
  });

  it('manages listening groups', async () => {
    const [a, b] = (await t.call(api.group.list, {}, company)).data.list;
    expect(
      (await t.call(api.group.addListening, { terminalId: ids[4], groupIds: `${a.id},${b.id}` }, company))
        .code,
    ).toBe(Code.ok);
    expect((await t.call(api.group.listening, { terminalId: ids[4] }, company)).data).toHaveLength(2);
    await t.call(api.group.removeListening, { terminalId: ids[4], groupId: a.id }, company);
    expect(
      (await t.call(api.group.listening, { terminalId: ids[4] }, company)).data.map((g) => g.id),
    ).toEqual([b.id]);
  });

  it('keeps another company out of this company’s groups', async () => {
    const agent = await t.login(0, 'agent01', 'agent123');
    const gid = (await t.call(api.group.list, {}, company)).data.list[0].id;
    const other = await t.login(1, 'otherunit01', 'company123');
    expect((await t.call(api.group.detail, { id: gid }, other)).code).toBe(Code.notFound);
    expect((await t.call(api.group.members, { id: gid }, other)).code).toBe(Code.notFound);
    expect((await t.call(api.group.remove, { id: gid }, other)).code).toBe(Code.notFound);
    expect((await t.call(api.group.addMembers, { id: gid, terminalIds: String(ids[3]) }, other)).code).toBe(
      Code.notFound,
    );
    // A terminal of another company cannot join.
    expect((await t.call(api.group.addMembers, { id: gid, terminalIds: String(ids[3]) }, agent)).code).toBe(
      Code.notFound,
    );
    expect((await t.call(api.group.list, {}, other)).data.total).toBe(0);
  });

  it('searches over the caller scope by kind', async () => {
    const agent = await t.login(0, 'agent01', 'agent123');
    const all = await t.call(api.search.global, { keyword: 'Demo' }, agent);
    expect(all.data.agents.map((a) => a.name)).toEqual(['Demo_Subagent']);
    expect(all.data.orgs.map((o) => o.name)).toEqual(['Demo_Company']);
    const found = await t.call(api.search.global, { keyword: 'patROL', searchType: 'group' }, agent);
    expect(found.data.groups.map((g) => [g.name, g.sub])).toEqual([['Patrol', 'Demo_Company']]);
    const users = await t.call(api.search.global, { keyword: 'Radio', searchType: 'user' }, company);
    expect(users.data.users.length).toBeGreaterThan(0);
    expect(users.data.orgs).toEqual([]);
    const companyAll = await t.call(api.search.global, { keyword: 'Demo' }, company);
    expect(companyAll.data.agents).toEqual([]);
    const sub = await t.login(0, 'subagent01', 'agent123');
    expect((await t.call(api.search.global, { keyword: 'Demo' }, sub)).data).toEqual({
      agents: [],
      orgs: [],
      groups: [],
      users: [],
    });
  });

  it('lists each kind of hit in its list order, a page at most', async () => {
    const agent = await t.login(0, 'agent01', 'agent123');
    for (let i = 1; i <= 22; i++)
      expect(
        (
          await t.call(
            api.org.add,
            { name: `Hitco${i}`, contact: 'Hal', account: `hitco${i}`, password: 'company123' },
            agent,
          )
        ).code,
      ).toBe(Code.ok);
    const found = await t.call(api.search.global, { keyword: 'hitco', searchType: 'global' }, agent);
    // Newest first, as the company list orders them, and a page of 20.
    expect(found.data.orgs.map((o) => o.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Hitco${22 - i}`),
    );
    expect(found.data.orgs[0].sub).toBe('hitco22');
    const listed = await t.call(api.agent.orgs, { keyword: 'hitco', size: 20 }, agent);
    expect(found.data.orgs.map((o) => o.id)).toEqual(listed.data.list.map((o) => o.id));
  });
});
