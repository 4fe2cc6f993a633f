import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import { pageOf } from '../../http/page.ts';
import type { Change } from '../../http/route.ts';
import { isActive } from '../../lib/expiries.ts';
import * as membership from '../membership/service.ts';
import { fenceInScope } from '../scope/service.ts';
import * as repo from './repository.ts';

export async function members(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.fence.members>) {
  const f = await fenceInScope(db, caller, q.id);
  const { list, total } = await repo.listMembers(db, f, q.page, q.size);
  return pageOf(q, { list, total }, (t) => ({
    terminal_id: t.id,
    ssid: t.ssid,
    name: t.name,
    is_keeper: t.id === f.keeperTerminalId,
  }));
}

export async function nonMembers(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.fence.unMembers>) {
  const f = await fenceInScope(db, caller, q.id);
  const set = { kind: 'fence', id: f.id, orgId: f.orgId } as const;
  const { list, total } = await membership.outside(db, set, q.keyword, q.page, q.size);
  // A terminal without active Location and Fence functions gets no fence alarm: the picker says so.
  return pageOf(q, { list, total }, (t) => ({
    id: t.id,
    ssid: t.ssid,
    name: t.name,
    watched: isActive(t.locationExpires) && isActive(t.fenceExpires),
  }));
}

/**
 * Only terminals of the fence's company; any other id answers like a missing record and adds nothing.
 * The terminals are held (they keep their company) before the fence, as every write that takes both.
 */
export const addMembers = (change: Change, caller: Caller, p: ParsedParamsOf<typeof api.fence.addMembers>) =>
  change(async (tx, note) => {
    const { orgId } = await fenceInScope(tx, caller, p.id);
    const joining = await membership.lockJoining(tx, orgId, p.terminalIds);
    if (joining.length !== new Set(p.terminalIds).size) throw notFound();
    const f = await fenceInScope(tx, caller, p.id, 'key share');
    // Rows inserted in ascending order: overlapping inserts queue instead of deadlocking.
    const ids = joining.map((t) => t.id);
    const added = new Set(await repo.addMembers(tx, f.id, ids));
    const members = joining.filter((t) => added.has(t.id));
    note({ targetIds: [f.id], orgIds: [f.orgId], after: members.length ? { [f.id]: { members } } : null });
    return { added: members.length };
  });

/** A terminal that leaves and later rejoins starts afresh, like a new member. */
export const removeMembers = (
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.fence.removeMembers>,
) =>
  change(async (tx, note) => {
    const f = await fenceInScope(tx, caller, p.id, 'key share');
    const ids = [...new Set(p.terminalIds)].sort((a, b) => a - b);
    await repo.clearStates(tx, f.id, ids);
    const removed = await repo.removeMembers(tx, f.id, ids);
    note({
      targetIds: [f.id],
      orgIds: [f.orgId],
      before: removed.length ? { [f.id]: { members: removed.map((id) => ({ id })) } } : null,
    });
    return { removed: removed.length };
  });

/** Members chosen by the demo seed (ids already known to be of the fence's company). */
export const addMembersOf = (db: Conn, fenceId: number, terminalIds: number[]) =>
  repo.addMembers(db, fenceId, terminalIds);
