import { type api, ColumnTitles as C, type ParsedParamsOf, rules } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { invalid, notFound, ruleBroken } from '../../http/errors.ts';
import { cellsOf, type ExportFile, titlesOf } from '../../http/export.ts';
import type { Change } from '../../http/route.ts';
import { suffixedNames } from '../../lib/names.ts';
import { localDateTime } from '../../lib/zoned-time.ts';
import * as membership from '../membership/service.ts';
import { groupInScope, orgInScope, terminalInScope } from '../scope/service.ts';
import * as repo from './repository.ts';

const iso = (d: Date) => d.toISOString();

export async function list(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.group.list>) {
  const { list, total } = await repo.listGroups(db, scopeOf(caller), q, q.page, q.size);
  return {
    list: list.map(({ g, orgName, memberCount }) => ({
      id: g.id,
      name: g.name,
      org_id: g.orgId,
      org_name: orgName,
      member_count: memberCount,
      created_at: iso(g.createdAt),
      self_created: g.ownerTerminalId !== null,
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

/** The group list's filter as a file. */
export function exportList(
  db: Conn,
  zone: string,
  caller: Caller,
  q: ParsedParamsOf<typeof api.group.export>,
): ExportFile {
  return {
    name: 'groups',
    columns: titlesOf(q.lang, zone, [C.name, C.company, C.members, { time: C.created }]),
    rows: cellsOf(repo.listGroups.each(db, scopeOf(caller), q), ({ g, orgName, memberCount }) => [
      g.name,
      orgName,
      memberCount,
      localDateTime(g.createdAt, zone),
    ]),
  };
}

export async function detail(db: Conn, caller: Caller, id: number) {
  const g = await groupInScope(db, caller, id);
  const row = await repo.groupCounts(db, id);
  const name = async (tid: number | null) => (tid ? await repo.terminalName(db, tid) : null);
  return {
    id: g.id,
    name: g.name,
    org_id: g.orgId,
    org_name: row?.orgName ?? '',
    member_count: row?.memberCount ?? 0,
    created_at: iso(g.createdAt),
    self_created: g.ownerTerminalId !== null,
    leader: await name(g.leaderTerminalId),
    compere: await name(g.compereTerminalId),
    owner: await name(g.ownerTerminalId),
  };
}

/** The names a batch of groups gets: the name itself when it is free and one group is asked for. */
export function batchNames(base: string, existing: string[], count: number) {
  const names = suffixedNames(base, existing, count);
  if (count === 1 && names[0] === `${base}1` && !existing.includes(base)) return [base];
  return names;
}

export async function add(db: Db, change: Change, caller: Caller, p: ParsedParamsOf<typeof api.group.add>) {
  const org = await orgInScope(db, caller, p.orgId);
  return insertGroups(change, org, p);
}

const insertGroups = (
  change: Change,
  org: { id: number; agentPath: string },
  p: ParsedParamsOf<typeof api.group.add>,
) =>
  change(async (tx, note) => {
    // Batches of one company run one after another, so each picks its next numbers after the last.
    await repo.lockOrgForGroups(tx, org.id);
    const names = batchNames(p.name, await repo.namesLike(tx, org.id, p.name), p.count);
    for (const n of names) if (!rules.groupName.safeParse(n).success) throw invalid('groupName');
    const members = p.terminalIds?.length ? await repo.terminalIdsOfOrg(tx, org.id, p.terminalIds) : [];
    if (members.length !== (p.terminalIds?.length ?? 0)) throw notFound();
    const created = [];
    for (const name of names) {
      const g = await repo.insertGroup(tx, { orgId: org.id, agentPath: org.agentPath, name });
      if (members.length) await repo.addMembers(tx, g.id, members, 3);
      created.push({ id: g.id, name: g.name });
    }
    note({
      targetIds: created.map((g) => g.id),
      orgIds: [org.id],
      after: Object.fromEntries(created.map((g) => [g.id, { name: g.name, members: members.length }])),
    });
    return { created };
  });

export async function remove(db: Conn, caller: Caller, id: number) {
  await groupInScope(db, caller, id);
  await repo.deleteGroup(db, id);
  return null;
}

export async function members(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.group.members>) {
  const g = await groupInScope(db, caller, q.id);
  const { list, total } = await repo.listMembers(db, g.id, q.page, q.size);
  return {
    list: list.map((m) => ({
      terminal_id: m.terminalId,
      ssid: m.ssid,
      name: m.name,
      priority: m.priority,
      is_leader: g.leaderTerminalId === m.terminalId,
      is_compere: g.compereTerminalId === m.terminalId,
      is_default: m.defaultGroupId === g.id,
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

export async function nonMembers(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.group.unMembers>) {
  const g = await groupInScope(db, caller, q.id);
  const set = { kind: 'group', id: g.id, orgId: g.orgId } as const;
  const { list, total } = await membership.outside(db, set, q.keyword, q.page, q.size);
  return { list: list.map(({ id, ssid, name }) => ({ id, ssid, name })), total, page: q.page, size: q.size };
}

export async function addMembers(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.group.addMembers>) {
  const g = await groupInScope(db, caller, p.id);
  const ids = await repo.terminalIdsOfOrg(db, g.orgId, p.terminalIds);
  if (ids.length !== p.terminalIds.length) throw notFound();
  // Rows inserted in ascending order: overlapping inserts queue instead of deadlocking.
  ids.sort((a, b) => a - b);
  return { added: (await repo.addMembers(db, g.id, ids, p.priority)).length };
}

async function memberOf(db: Conn, caller: Caller, id: number, terminalId: number) {
  const g = await groupInScope(db, caller, id);
  if (!(await repo.findMember(db, g.id, terminalId))) throw notFound();
  return g;
}

/** Removing the owner of a self-created group deletes the group (SPEC §6). */
export async function removeMember(db: Db, caller: Caller, p: ParsedParamsOf<typeof api.group.removeMember>) {
  const g = await memberOf(db, caller, p.id, p.terminalId);
  return db.transaction(async (tx) => {
    if (g.ownerTerminalId === p.terminalId) {
      await repo.deleteGroup(tx, g.id);
      return { groupDeleted: true };
    }
    await repo.removeMember(tx, g.id, p.terminalId);
    const clear = {
      ...(g.leaderTerminalId === p.terminalId ? { leaderTerminalId: null } : {}),
      ...(g.compereTerminalId === p.terminalId ? { compereTerminalId: null } : {}),
    };
    if (Object.keys(clear).length) await repo.updateGroup(tx, g.id, clear);
    await repo.clearDefaultGroup(tx, p.terminalId, g.id);
    return { groupDeleted: false };
  });
}

export async function setPriority(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.group.setPriority>) {
  await memberOf(db, caller, p.id, p.terminalId);
  await repo.setPriority(db, p.id, p.terminalId, p.priority);
  return null;
}

export async function setLeader(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.group.setLeader>) {
  await memberOf(db, caller, p.id, p.terminalId);
  await repo.updateGroup(db, p.id, { leaderTerminalId: p.terminalId });
  return null;
}

export async function setCompere(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.group.setCompere>) {
  if (p.terminalId === 0) {
    await groupInScope(db, caller, p.id);
    await repo.updateGroup(db, p.id, { compereTerminalId: null });
  } else {
    await memberOf(db, caller, p.id, p.terminalId);
    await repo.updateGroup(db, p.id, { compereTerminalId: p.terminalId });
  }
  return null;
}

export async function setDefault(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.group.setDefault>) {
  await memberOf(db, caller, p.id, p.terminalId);
  if (!(await repo.setDefaultGroup(db, p.terminalId, p.id))) throw ruleBroken('alreadyDefaultGroup');
  return null;
}

export async function listening(db: Conn, caller: Caller, terminalId: number) {
  await terminalInScope(db, caller, terminalId);
  return repo.listeningOf(db, terminalId);
}

export async function addListening(
  db: Conn,
  caller: Caller,
  p: ParsedParamsOf<typeof api.group.addListening>,
) {
  const t = await terminalInScope(db, caller, p.terminalId);
  const found = await repo.findGroupsOfOrg(db, t.orgId, p.groupIds);
  if (found.length !== new Set(p.groupIds).size) throw notFound();
  await repo.addListening(db, t.id, p.groupIds);
  return null;
}

export async function removeListening(
  db: Conn,
  caller: Caller,
  p: ParsedParamsOf<typeof api.group.removeListening>,
) {
  await terminalInScope(db, caller, p.terminalId);
  await repo.removeListening(db, p.terminalId, p.groupId);
  return null;
}
