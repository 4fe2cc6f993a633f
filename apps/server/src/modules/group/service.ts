import type { Conn, Db } from '../../db/client.ts';
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

export const countOfOrg = (db: Conn, orgId: number) => repo.countGroupsOfOrg(db, orgId);

export const groupsOf = (db: Conn, terminalId: number) => repo.groupsOfTerminal(db, terminalId);
export const detachTerminal = (db: Conn, terminalId: number) => repo.detachTerminal(db, terminalId);
/** Whether a terminal is a member of a group (a talk burst is recorded only in a group it is in). */
export const isMember = async (db: Conn, groupId: number, terminalId: number) =>
  (await repo.findMember(db, groupId, terminalId)) !== undefined;
export const deleteOwnedBy = (db: Conn, terminalId: number) => repo.deleteGroupsOwnedBy(db, terminalId);
/** A group of a company, or undefined (a terminal names the group of a talk burst). */
export const findOfOrg = async (db: Conn, orgId: number, id: number) =>
  (await repo.findGroupsOfOrg(db, orgId, [id]))[0];
