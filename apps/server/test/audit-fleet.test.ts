import { api, Code } from '@ptt/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fenceMembers, groupMembers, sosRecords, terminals } from '../src/db/schema.ts';
import * as agents from '../src/modules/agent/service.ts';
import { raise } from '../src/modules/sos/service.ts';
import { lastAuditRow, whileAuditRefuses } from './audit-support.ts';
import { backends, useTestApp } from './harness.ts';

/**
 * The fleet's changes (groups, fences, SOS, a terminal's edits) write their audit row in their own
 * transaction: the records they changed, the company, and exactly the fields they changed before → after.
 */
describe.each(backends)('the fleet’s audit written with the change on %s', (backend) => {
  const { t, top } = useTestApp(backend, { sessions: ['top'], timeout: 60_000, closeTimeout: 30_000 });
  let companyId: number;
  let radios: { id: number; name: string; orgId: number; agentPath: string }[];

  beforeAll(async () => {
    radios = await t.database.db
      .select({
        id: terminals.id,
        name: terminals.name,
        orgId: terminals.orgId,
        agentPath: terminals.agentPath,
      })
      .from(terminals)
      .where(inArray(terminals.name, ['Radio1', 'Radio2', 'Radio3', 'Radio4']))
      .orderBy(terminals.id);
    companyId = radios[0].orgId;
  }, 60_000);

  const row = (action: string) => lastAuditRow(t, action);
  const named = (i: number) => ({ id: radios[i].id, name: radios[i].name });
  /** An SOS raised as the device API raises it, from one of the radios. */
  const alarm = (i: number) =>
    raise(t.database.db, {
      orgId: radios[i].orgId,
      agentPath: radios[i].agentPath,
      terminalId: radios[i].id,
    });

  it('an SOS batch names every alarm with its status before → after; a refused batch records nothing', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push((await alarm(0)).id);
    const res = await t.call(
      api.sos.processBatch,
      { ids: ids.join(','), remark: 'Checked', falseAlarm: 1 },
      top,
    );
    expect(res.code, res.msg.en).toBe(Code.ok);
    const r = await row('/v1/sos/processBatch');
    const me = await agents.findByAccount(t.database.db, 'agent01');
    expect(r).toMatchObject({ targetKind: 'sos', orgId: companyId, actorAccount: 'agent01' });
    expect([...r.targetIds].sort((a, b) => a - b)).toEqual(ids);
    const processed = { status: 1, processor: me?.name, remark: 'Checked', falseAlarm: true };
    expect(r.before).toEqual(Object.fromEntries(ids.map((id) => [id, { status: 0 }])));
    expect(r.after).toEqual(Object.fromEntries(ids.map((id) => [id, processed])));

    const again = await t.call(api.sos.processBatch, { ids: ids.join(','), remark: 'Twice' }, top);
    expect(again.code).toBe(Code.rule);
    expect((await row('/v1/sos/processBatch'))?.id).toBe(r.id);
  });

  it('a group names the members added, and the member removed with the leader role it loses', async () => {
    const group = await t.call(api.group.add, { orgId: companyId, name: 'AuditTeam' }, top);
    const gid = group.data.created[0].id;
    const added = await t.call(
      api.group.addMembers,
      { id: gid, terminalIds: `${radios[1].id},${radios[0].id}`, priority: 2 },
      top,
    );
    expect(added.data).toEqual({ added: 2 });
    const add = await row('/v1/group/addMembers');
    expect(add).toMatchObject({ targetKind: 'group', targetIds: [gid], orgId: companyId, before: null });
    expect(add.after).toEqual({ [gid]: { members: [named(0), named(1)], priority: 2 } });

    await t.call(api.group.setLeader, { id: gid, terminalId: radios[0].id }, top);
    const leader = await row('/v1/group/setLeader');
    expect([leader.before, leader.after]).toEqual([
      { [gid]: { leader: null } },
      { [gid]: { leader: named(0) } },
    ]);

    const removed = await t.call(api.group.removeMember, { id: gid, terminalId: radios[0].id }, top);
    expect(removed.data).toEqual({ groupDeleted: false });
    const remove = await row('/v1/group/removeMember');
    expect(remove).toMatchObject({ targetKind: 'group', targetIds: [gid], orgId: companyId });
    expect(remove.before).toEqual({ [gid]: { members: [named(0)], leader: named(0) } });
    expect(remove.after).toEqual({ [gid]: { leader: null } });
  });

  it('a fence update keeps only the settings it changed; a new fence keeps those it has', async () => {
    const circle = { orgId: companyId, name: 'AuditYard', shape: 'circle', center: '22.3,114.1', trigger: 0 };
    const added = await t.call(api.fence.add, { ...circle, radius: 250 }, top);
    expect(added.code, added.msg.en).toBe(Code.ok);
    const id = added.data.id;
    const add = await row('/v1/fence/add');
    expect(add).toMatchObject({ targetKind: 'fence', targetIds: [id], orgId: companyId, before: null });
    expect(add.after?.[id]).toMatchObject({
      name: 'AuditYard',
      shape: 'circle',
      radius: 250,
      centerLat: 22.3,
    });
    expect(add.after?.[id]).not.toHaveProperty('points');

    const updated = await t.call(api.fence.update, { ...circle, id, radius: 400, trigger: 1 }, top);
    expect(updated.code, updated.msg.en).toBe(Code.ok);
    const update = await row('/v1/fence/update');
    expect(update).toMatchObject({ targetKind: 'fence', targetIds: [id], orgId: companyId });
    expect([update.before, update.after]).toEqual([
      { [id]: { radius: 250, trigger: 0 } },
      { [id]: { radius: 400, trigger: 1 } },
    ]);
  });

  it('a terminal edit names its fields before → after; a reset password is recorded as reset, never its value', async () => {
    const { id, name } = named(2);
    const edited = await t.call(api.terminal.updateUser, { id, name: 'Radio3b', remark: 'Van 7' }, top);
    expect(edited.code, edited.msg.en).toBe(Code.ok);
    const edit = await row('/v1/terminal/updateUser');
    expect(edit).toMatchObject({ targetKind: 'terminal', targetIds: [id], orgId: companyId });
    expect([edit.before, edit.after]).toEqual([
      { [id]: { name, remark: '' } },
      { [id]: { name: 'Radio3b', remark: 'Van 7' } },
    ]);

    const reset = await t.call(api.terminal.resetIntercomPassword, { id }, top);
    expect(reset.code).toBe(Code.ok);
    const r = await row('/v1/terminal/resetIntercomPassword');
    expect(r).toMatchObject({
      targetIds: [id],
      orgId: companyId,
      before: null,
      after: { [id]: { intercomReset: true } },
    });
    expect(JSON.stringify([r.before, r.after, r.params])).not.toContain(reset.data.password);
  });

  it('a change whose audit row cannot be written leaves nothing: no member added or removed, no SOS processed', async () => {
    const [fence] = (await t.call(api.fence.list, { orgId: companyId }, top)).data.list;
    const sos = await alarm(3);
    const membersOf = async () =>
      (await t.database.db.select().from(fenceMembers).where(eq(fenceMembers.fenceId, fence.id))).length;
    const groupMembersOf = async (gid: number) =>
      (await t.database.db.select().from(groupMembers).where(eq(groupMembers.groupId, gid))).length;
    const gid = (await t.call(api.group.add, { orgId: companyId, name: 'AuditEmpty' }, top)).data.created[0]
      .id;
    const fenceMembersBefore = await membersOf();

    await whileAuditRefuses(t, '/v1/group/addMembers', async () => {
      const res = await t.call(api.group.addMembers, { id: gid, terminalIds: String(radios[3].id) }, top);
      expect(res.code).not.toBe(Code.ok);
      expect(await groupMembersOf(gid)).toBe(0);
    });
    await whileAuditRefuses(t, '/v1/fence/removeMembers', async () => {
      const res = await t.call(
        api.fence.removeMembers,
        { id: fence.id, terminalIds: String(radios[3].id) },
        top,
      );
      expect(res.code).not.toBe(Code.ok);
      expect(await membersOf()).toBe(fenceMembersBefore);
    });
    await whileAuditRefuses(t, '/v1/sos/process', async () => {
      const res = await t.call(api.sos.process, { id: sos.id, remark: 'Handled' }, top);
      expect(res.code).not.toBe(Code.ok);
      const [stored] = await t.database.db.select().from(sosRecords).where(eq(sosRecords.id, sos.id));
      expect(stored).toMatchObject({ status: 0, remark: '' });
    });
    expect((await row('/v1/group/addMembers'))?.targetIds).not.toEqual([gid]);
  });
});
