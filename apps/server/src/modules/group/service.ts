import { DeviceLimits } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { conflict, notFound, ruleBroken } from '../../http/errors.ts';
import { unlessTaken } from '../../lib/unique.ts';
import * as membership from '../membership/service.ts';
import * as repo from './repository.ts';

/** A group the demo seed creates with its members (the web uses group/add, then group/addMembers). */
export interface GroupInput {
  org: { id: number; agentPath: string };
  name: string;
  members?: { terminalId: number; priority: number }[];
}

export async function createGroup(db: Db, input: GroupInput) {
  return db.transaction(async (tx) => {
    const group = await repo.insertGroup(tx, {
      orgId: input.org.id,
      agentPath: input.org.agentPath,
      name: input.name,
    });
    if (input.members?.length) await repo.insertMembers(tx, group.id, input.members);
    return group;
  });
}

/** A company's groups of these names, by name; `lock` holds them until the transaction ends. */
export const byNames = async (db: Conn, orgId: number, names: string[], lock = false) =>
  new Map(
    (names.length ? await repo.findByNames(db, orgId, [...new Set(names)], lock) : []).map((g) => [
      g.name,
      g.id,
    ]),
  );
/** New terminals join their groups (at the default priority), rows in (group, terminal) order. */
export const join = (db: Conn, rows: { groupId: number; terminalId: number }[]) =>
  rows.length
    ? repo.insertMemberships(
        db,
        [...rows].sort((a, b) => a.groupId - b.groupId || a.terminalId - b.terminalId),
      )
    : undefined;
export const groupsOf = (db: Conn, terminalId: number) => repo.groupsOfTerminal(db, terminalId);
export const detachTerminal = (db: Conn, terminalId: number) => repo.detachTerminal(db, terminalId);
/** Whether a terminal is a member of a group (a talk burst is recorded only in a group it is in). */
export const isMember = async (db: Conn, groupId: number, terminalId: number) =>
  (await repo.findMember(db, groupId, terminalId)) !== undefined;
export const deleteOwnedBy = (db: Conn, terminalId: number) => repo.deleteGroupsOwnedBy(db, terminalId);
/** A group of a company, or undefined (a terminal names the group of a talk burst). */
export const findOfOrg = async (db: Conn, orgId: number, id: number) =>
  (await repo.findGroupsOfOrg(db, orgId, [id]))[0];

/** A terminal's own group (device API): the owner, its company and the other members it names. */
export interface OwnedGroupInput {
  owner: { terminalId: number; orgId: number; agentPath: string };
  name: string;
  memberIds: number[];
}

/**
 * Creates a self-created group: its owner is a member (and its leader), the others must be terminals
 * of the owner's company (40401 otherwise, as for any id out of scope) and the name must be free in the
 * company; the unique index answers a race the same way.
 */
export function createOwned(db: Db, input: OwnedGroupInput) {
  const { owner } = input;
  const ids = [...new Set([owner.terminalId, ...input.memberIds])].sort((a, b) => a - b);
  return unlessTaken(
    () =>
      db.transaction(async (tx) => {
        await repo.lockOrgForGroups(tx, owner.orgId);
        if ((await repo.countOwnedBy(tx, owner.terminalId)) >= DeviceLimits.ownedGroupsMax)
          throw ruleBroken('ownedGroupsMax');
        if ((await repo.namesLike(tx, owner.orgId, input.name)).includes(input.name))
          throw conflict('groupNameTaken');
        const found = await membership.lockJoining(tx, owner.orgId, ids);
        if (found.length !== ids.length) throw notFound();
        const g = await repo.insertGroup(tx, {
          orgId: owner.orgId,
          agentPath: owner.agentPath,
          name: input.name,
          ownerTerminalId: owner.terminalId,
          leaderTerminalId: owner.terminalId,
        });
        // Rows inserted in ascending order, as every multi-row write does.
        await repo.addMembers(tx, g.id, ids, 3);
        return { id: g.id, name: g.name };
      }),
    () => conflict('groupNameTaken'),
  );
}

/** The owner dismisses its group; a group it does not own is not found. */
export async function dismissOwned(db: Conn, ownerTerminalId: number, id: number) {
  if (!(await repo.deleteOwnedGroup(db, ownerTerminalId, id))) throw notFound();
  return null;
}
