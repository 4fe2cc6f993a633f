import { type api, ColumnTitles as C, type ParsedParamsOf, rules } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { cellsOf, type ExportFile, titlesOf } from '../../http/export.ts';
import { pageOf } from '../../http/page.ts';
import type { Change } from '../../http/route.ts';
import { suffixedNames } from '../../lib/names.ts';
import { localDateTime } from '../../lib/zoned-time.ts';
import * as membership from '../membership/service.ts';
import { groupInScope, orgInScope } from '../scope/service.ts';
import * as repo from './repository.ts';

const iso = (d: Date) => d.toISOString();

export async function list(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.group.list>) {
  const { list, total } = await repo.listGroups(db, scopeOf(caller), q, q.page, q.size);
  return pageOf(q, { list, total }, ({ g, orgName, memberCount }) => ({
    id: g.id,
    name: g.name,
    org_id: g.orgId,
    org_name: orgName,
    member_count: memberCount,
    created_at: iso(g.createdAt),
    self_created: g.ownerTerminalId !== null,
  }));
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
  const name = async (tid: number | null) =>
    tid ? ((await membership.terminalName(db, tid)) ?? null) : null;
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
    const members = p.terminalIds?.length
      ? (await membership.lockJoining(tx, org.id, p.terminalIds)).map((t) => t.id)
      : [];
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

/** Deletes a group and answers what its audit row keeps of it: its name and how many members it had. */
export async function deleteRecorded(tx: Conn, g: { id: number; name: string }) {
  const counts = await repo.groupCounts(tx, g.id);
  await repo.deleteGroup(tx, g.id);
  return { [g.id]: { name: g.name, members: counts?.memberCount ?? 0 } };
}

export const remove = (change: Change, caller: Caller, id: number) =>
  change(async (tx, note) => {
    const g = await groupInScope(tx, caller, id, 'update');
    note({ targetIds: [g.id], orgIds: [g.orgId], before: await deleteRecorded(tx, g) });
    return null;
  });
