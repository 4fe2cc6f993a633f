import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { notFound, ruleBroken } from '../../http/errors.ts';
import { pageOf } from '../../http/page.ts';
import type { Change } from '../../http/route.ts';
import * as membership from '../membership/service.ts';
import { groupInScope, terminalInScope } from '../scope/service.ts';
import { deleteRecorded } from './manage.ts';
import * as repo from './repository.ts';

/*
 * A group's members, roles and listeners. Each change locks the terminals it names before the group or
 * the membership rows, as every write that takes both does, and its audit row names the group with
 * what changed: the members added (after) or removed (before), a role's holder before → after.
 */

const named = (m: { id: number; name: string }) => ({ id: m.id, name: m.name });

export async function members(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.group.members>) {
  const g = await groupInScope(db, caller, q.id);
  const { list, total } = await repo.listMembers(db, g.id, q.page, q.size);
  return pageOf(q, { list, total }, (m) => ({
    terminal_id: m.terminalId,
    ssid: m.ssid,
    name: m.name,
    priority: m.priority,
    is_leader: g.leaderTerminalId === m.terminalId,
    is_compere: g.compereTerminalId === m.terminalId,
    is_default: m.defaultGroupId === g.id,
  }));
}

export async function nonMembers(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.group.unMembers>) {
  const g = await groupInScope(db, caller, q.id);
  const set = { kind: 'group', id: g.id, orgId: g.orgId } as const;
  const { list, total } = await membership.outside(db, set, q.keyword, q.page, q.size);
  return pageOf(q, { list, total }, ({ id, ssid, name }) => ({ id, ssid, name }));
}

/** Only terminals of the group's company; any other id answers like a missing record and adds nothing. */
export const addMembers = (change: Change, caller: Caller, p: ParsedParamsOf<typeof api.group.addMembers>) =>
  change(async (tx, note) => {
    const { orgId } = await groupInScope(tx, caller, p.id);
    const joining = await membership.lockJoining(tx, orgId, p.terminalIds);
    if (joining.length !== p.terminalIds.length) throw notFound();
    const g = await groupInScope(tx, caller, p.id, 'key share');
    // Rows inserted in ascending order: overlapping inserts queue instead of deadlocking.
    const ids = joining.map((t) => t.id);
    const added = new Set((await repo.addMembers(tx, g.id, ids, p.priority)).map((r) => r.terminalId));
    const members = joining.filter((t) => added.has(t.id));
    note({
      targetIds: [g.id],
      orgIds: [g.orgId],
      after: members.length ? { [g.id]: { members, priority: p.priority } } : null,
    });
    return { added: members.length };
  });

/** A member of a group in scope, held as `lock` says, with its terminal's name; else 40401. */
async function memberOf(tx: Conn, groupId: number, terminalId: number, lock: 'update' | 'key share') {
  const m = await repo.lockMember(tx, groupId, terminalId, lock);
  if (!m) throw notFound();
  return m;
}

/** Removing the owner of a self-created group deletes the group (SPEC §6). */
export const removeMember = (
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.group.removeMember>,
) =>
  change(async (tx, note) => {
    // The terminal first (its default group may be cleared), then the group (its roles read and written).
    const t = await terminalInScope(tx, caller, p.terminalId, 'update');
    const g = await groupInScope(tx, caller, p.id, 'update');
    await memberOf(tx, g.id, t.id, 'update');
    const base = { targetIds: [g.id], orgIds: [g.orgId] };
    if (g.ownerTerminalId === t.id) {
      note({ ...base, before: await deleteRecorded(tx, g) });
      return { groupDeleted: true };
    }
    await repo.removeMember(tx, g.id, t.id);
    const member = named(t);
    const cleared = {
      ...(g.leaderTerminalId === t.id ? { leader: member } : {}),
      ...(g.compereTerminalId === t.id ? { compere: member } : {}),
    };
    if (Object.keys(cleared).length)
      await repo.updateGroup(tx, g.id, {
        ...('leader' in cleared ? { leaderTerminalId: null } : {}),
        ...('compere' in cleared ? { compereTerminalId: null } : {}),
      });
    await repo.clearDefaultGroup(tx, t.id, g.id);
    note({
      ...base,
      before: { [g.id]: { members: [member], ...cleared } },
      after: Object.keys(cleared).length
        ? { [g.id]: Object.fromEntries(Object.keys(cleared).map((k) => [k, null])) }
        : null,
    });
    return { groupDeleted: false };
  });

export const setPriority = (
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.group.setPriority>,
) =>
  change(async (tx, note) => {
    const g = await groupInScope(tx, caller, p.id);
    const m = await memberOf(tx, g.id, p.terminalId, 'update');
    await repo.setPriority(tx, g.id, m.id, p.priority);
    const member = named(m);
    note({
      targetIds: [g.id],
      orgIds: [g.orgId],
      before: { [g.id]: { member, priority: m.priority } },
      after: { [g.id]: { member, priority: p.priority } },
    });
    return null;
  });

type Role = 'leader' | 'compere';
const roleColumn = { leader: 'leaderTerminalId', compere: 'compereTerminalId' } as const;

/** Gives a role of the group to a member, or to none (terminal 0, the single speaker only). */
const setRole = (change: Change, caller: Caller, role: Role, p: { id: number; terminalId: number }) =>
  change(async (tx, note) => {
    // The group is locked: its role is read and written back, and a member leaves only under this lock.
    const g = await groupInScope(tx, caller, p.id, 'update');
    const holder = p.terminalId === 0 ? null : named(await memberOf(tx, g.id, p.terminalId, 'key share'));
    const was = g[roleColumn[role]];
    await repo.updateGroup(tx, g.id, { [roleColumn[role]]: holder?.id ?? null });
    note({
      targetIds: [g.id],
      orgIds: [g.orgId],
      before: { [g.id]: { [role]: await membership.named(tx, was) } },
      after: { [g.id]: { [role]: holder } },
    });
    return null;
  });

export const setLeader = (change: Change, caller: Caller, p: ParsedParamsOf<typeof api.group.setLeader>) =>
  setRole(change, caller, 'leader', p);

export const setCompere = (change: Change, caller: Caller, p: ParsedParamsOf<typeof api.group.setCompere>) =>
  setRole(change, caller, 'compere', p);

export const setDefault = (change: Change, caller: Caller, p: ParsedParamsOf<typeof api.group.setDefault>) =>
  change(async (tx, note) => {
    // The terminal's default group is read and written back under its lock; the membership is kept.
    const t = await terminalInScope(tx, caller, p.terminalId, 'update');
    const g = await groupInScope(tx, caller, p.id);
    await memberOf(tx, g.id, t.id, 'key share');
    if (t.defaultGroupId === g.id) throw ruleBroken('alreadyDefaultGroup');
    await repo.setDefaultGroup(tx, t.id, g.id);
    const member = named(t);
    note({
      targetIds: [g.id],
      orgIds: [g.orgId],
      before: { [g.id]: { member, defaultGroupId: t.defaultGroupId } },
      after: { [g.id]: { member, defaultGroupId: g.id } },
    });
    return null;
  });

export async function listening(db: Conn, caller: Caller, terminalId: number) {
  await terminalInScope(db, caller, terminalId);
  return repo.listeningOf(db, terminalId);
}

export const addListening = (
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.group.addListening>,
) =>
  change(async (tx, note) => {
    // The terminal keeps its company while it starts listening to that company's groups.
    const t = await terminalInScope(tx, caller, p.terminalId, 'share');
    const ids = [...new Set(p.groupIds)];
    const found = await repo.findGroupsOfOrg(tx, t.orgId, ids);
    if (found.length !== ids.length) throw notFound();
    const added = await repo.addListening(tx, t.id, ids);
    const listener = [named(t)];
    note({
      targetIds: ids,
      orgIds: [t.orgId],
      after: added.length ? Object.fromEntries(added.map((a) => [a.groupId, { listeners: listener }])) : null,
    });
    return null;
  });

export const removeListening = (
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.group.removeListening>,
) =>
  change(async (tx, note) => {
    const t = await terminalInScope(tx, caller, p.terminalId);
    const removed = await repo.removeListening(tx, t.id, p.groupId);
    note({
      targetIds: [p.groupId],
      orgIds: [t.orgId],
      before: removed ? { [p.groupId]: { listeners: [named(t)] } } : null,
    });
    return null;
  });
