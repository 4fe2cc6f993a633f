import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import * as membership from '../membership/service.ts';
import { fenceInScope } from '../scope/service.ts';
import * as terminals from '../terminal/service.ts';
import * as repo from './repository.ts';

export async function members(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.fence.members>) {
  const f = await fenceInScope(db, caller, q.id);
  const { list, total } = await repo.listMembers(db, f, q.page, q.size);
  return {
    list: list.map((t) => ({
      terminal_id: t.id,
      ssid: t.ssid,
      name: t.name,
      is_keeper: t.id === f.keeperTerminalId,
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

export async function nonMembers(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.fence.unMembers>) {
  const f = await fenceInScope(db, caller, q.id);
  const set = { kind: 'fence', id: f.id, orgId: f.orgId } as const;
  const { list, total } = await membership.outside(db, set, q.keyword, q.page, q.size);
  // A terminal without active Location and Fence functions gets no fence alarm: the picker says so.
  return {
    list: list.map((t) => ({
      id: t.id,
      ssid: t.ssid,
      name: t.name,
      watched: terminals.isActive(t.locationExpires) && terminals.isActive(t.fenceExpires),
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

/** Only terminals of the fence's company; any other id answers like a missing record and adds nothing. */
export async function addMembers(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.fence.addMembers>) {
  const f = await fenceInScope(db, caller, p.id);
  const ids = await terminals.idsOfOrg(db, f.orgId, p.terminalIds);
  if (ids.length !== new Set(p.terminalIds).size) throw notFound();
  // Rows inserted in ascending order: overlapping inserts queue instead of deadlocking.
  ids.sort((a, b) => a - b);
  return { added: await repo.addMembers(db, f.id, ids) };
}

/** A terminal that leaves and later rejoins starts afresh, like a new member. */
export async function removeMembers(
  db: Db,
  caller: Caller,
  p: ParsedParamsOf<typeof api.fence.removeMembers>,
) {
  const f = await fenceInScope(db, caller, p.id);
  const ids = [...new Set(p.terminalIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    await repo.clearStates(tx, f.id, ids);
    return { removed: await repo.removeMembers(tx, f.id, ids) };
  });
}

/** Members chosen by the demo seed (ids already known to be of the fence's company). */
export const addMembersOf = (db: Conn, fenceId: number, terminalIds: number[]) =>
  repo.addMembers(db, fenceId, terminalIds);
