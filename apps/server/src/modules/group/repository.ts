import { and, asc, count, eq, inArray, like, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { groupKeyword } from '../../db/keywords.ts';
import { filteredPages } from '../../db/page.ts';
import { groupMembers, groups, listeningGroups, orgs, terminals } from '../../db/schema.ts';
import { type Scope, scopeKey } from '../../http/caller.ts';
import { containing } from '../../lib/like.ts';

export type NewGroup = typeof groups.$inferInsert;

export const insertGroup = async (db: Conn, row: NewGroup) =>
  (await db.insert(groups).values(row).returning())[0];

export const insertMembers = (
  db: Conn,
  groupId: number,
  members: { terminalId: number; priority: number }[],
) => db.insert(groupMembers).values(members.map((m) => ({ groupId, ...m })));

export type GroupRow = typeof groups.$inferSelect;

/**
 * A company's groups of these names; with `lock`, held until the transaction ends (KEY SHARE, in id
 * order): a group cannot be deleted between the check of an intake and the insert of its members.
 */
export const findByNames = (db: Conn, orgId: number, names: string[], lock = false) => {
  const q = db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.orgId, orgId), inArray(groups.name, names)))
    .orderBy(asc(groups.id));
  return lock ? q.for('key share') : q;
};

/** Members of several groups in one insert (an intake's terminals each join their group). */
export const insertMemberships = (db: Conn, rows: { groupId: number; terminalId: number }[]) =>
  db.insert(groupMembers).values(rows);

const scopeColumn = { org: groups.orgId, sub: groups.agentPath, top: groups.topPath };

export const findGroupsOfOrg = (db: Conn, orgId: number, ids: number[]) =>
  db
    .select()
    .from(groups)
    .where(and(eq(groups.orgId, orgId), inArray(groups.id, ids)));

const memberCount = sql<number>`(select count(*)::int from group_members gm where gm.group_id = ${groups.id})`;

const listOrder = [{ desc: groups.id }];

/** A page of groups in a scope, by company, member terminal or a part of the name. */
export const listGroups = filteredPages({
  table: groups,
  scope: (scope: Scope) => {
    const { kind, value } = scopeKey(scope);
    return eq(scopeColumn[kind], value);
  },
  filters: {
    orgId: (v: number) => eq(groups.orgId, v),
    terminalId: (v: number) =>
      sql`exists (select 1 from group_members gm where gm.group_id = ${groups.id} and gm.terminal_id = ${v})`,
    keyword: (v: string) => groupKeyword(containing(v)),
  },
  order: listOrder,
  total: 'counted',
  rows: (db, place) =>
    db
      .select({ g: groups, orgName: orgs.name, memberCount, ...place })
      .from(groups)
      .innerJoin(orgs, eq(orgs.id, groups.orgId))
      .$dynamic(),
});

/**
 * Locks the company's row for the rest of the transaction: group batches and terminal-made groups of
 * one company pick their names one after another (FOR NO KEY UPDATE leaves the groups' own inserts,
 * which take a key-share lock on it, free).
 */
export const lockOrgForGroups = (db: Conn, orgId: number) =>
  db.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, orgId)).for('no key update');

/** Groups a terminal has made and still owns. */
export const countOwnedBy = async (db: Conn, terminalId: number) =>
  (await db.select({ n: count() }).from(groups).where(eq(groups.ownerTerminalId, terminalId)))[0]?.n ?? 0;

export const namesLike = async (db: Conn, orgId: number, base: string) =>
  (
    await db
      .select({ name: groups.name })
      .from(groups)
      .where(and(eq(groups.orgId, orgId), like(groups.name, `${base.replace(/[%_\\]/g, '\\$&')}%`)))
  ).map((r) => r.name);

export const updateGroup = (db: Conn, id: number, set: Partial<NewGroup>) =>
  db.update(groups).set(set).where(eq(groups.id, id));

export const deleteGroup = (db: Conn, id: number) => db.delete(groups).where(eq(groups.id, id));

export const deleteGroupsOwnedBy = (db: Conn, terminalId: number) =>
  db.delete(groups).where(eq(groups.ownerTerminalId, terminalId)).returning({ id: groups.id });

export const deleteOwnedGroup = async (db: Conn, ownerTerminalId: number, id: number) =>
  (
    await db
      .delete(groups)
      .where(and(eq(groups.id, id), eq(groups.ownerTerminalId, ownerTerminalId)))
      .returning({ id: groups.id })
  ).length === 1;

const memberPages = filteredPages({
  table: groupMembers,
  scope: (groupId: number) => eq(groupMembers.groupId, groupId),
  filters: {},
  order: [groupMembers.priority, groupMembers.terminalId],
  total: 'counted',
  rows: (db, place) =>
    db
      .select({
        terminalId: terminals.id,
        ssid: terminals.ssid,
        name: terminals.name,
        priority: groupMembers.priority,
        defaultGroupId: terminals.defaultGroupId,
        ...place,
      })
      .from(groupMembers)
      .innerJoin(terminals, eq(terminals.id, groupMembers.terminalId))
      .$dynamic(),
});

/** A page of a group's members by priority, and their total. */
export const listMembers = (db: Conn, groupId: number, page: number, size: number) =>
  memberPages(db, groupId, {}, page, size);

export const findMember = async (db: Conn, groupId: number, terminalId: number) =>
  (
    await db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.terminalId, terminalId)))
      .limit(1)
  )[0];

/**
 * A member with its terminal's name and its priority, its membership row held until the transaction
 * ends: `update` to write it, `key share` to keep it while the change relies on it.
 */
export const lockMember = async (
  db: Conn,
  groupId: number,
  terminalId: number,
  lock: 'update' | 'key share',
) =>
  (
    await db
      .select({ id: terminals.id, name: terminals.name, priority: groupMembers.priority })
      .from(groupMembers)
      .innerJoin(terminals, eq(terminals.id, groupMembers.terminalId))
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.terminalId, terminalId)))
      .for(lock, { of: groupMembers })
  )[0];

export const addMembers = (db: Conn, groupId: number, terminalIds: number[], priority: number) =>
  db
    .insert(groupMembers)
    .values(terminalIds.map((terminalId) => ({ groupId, terminalId, priority })))
    .onConflictDoNothing()
    .returning({ terminalId: groupMembers.terminalId });

export const removeMember = (db: Conn, groupId: number, terminalId: number) =>
  db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.terminalId, terminalId)));

export const setPriority = (db: Conn, groupId: number, terminalId: number, priority: number) =>
  db
    .update(groupMembers)
    .set({ priority })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.terminalId, terminalId)));

/** Groups of a terminal with its priority in each. */
export const groupsOfTerminal = (db: Conn, terminalId: number) =>
  db
    .select({ id: groups.id, name: groups.name, priority: groupMembers.priority })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.terminalId, terminalId))
    .orderBy(asc(groups.id));

/** Memberships and listening of a terminal in one company (it is leaving that company). */
export async function detachTerminal(db: Conn, terminalId: number) {
  await db.delete(groupMembers).where(eq(groupMembers.terminalId, terminalId));
  await db.delete(listeningGroups).where(eq(listeningGroups.terminalId, terminalId));
  await db.update(groups).set({ leaderTerminalId: null }).where(eq(groups.leaderTerminalId, terminalId));
  await db.update(groups).set({ compereTerminalId: null }).where(eq(groups.compereTerminalId, terminalId));
}

/** The groups a terminal listens to. */
export const listeningOf = (db: Conn, terminalId: number) =>
  db
    .select({ id: groups.id, name: groups.name })
    .from(listeningGroups)
    .innerJoin(groups, eq(groups.id, listeningGroups.groupId))
    .where(eq(listeningGroups.terminalId, terminalId))
    .orderBy(asc(groups.id));

export const addListening = (db: Conn, terminalId: number, groupIds: number[]) =>
  db
    .insert(listeningGroups)
    .values(groupIds.map((groupId) => ({ terminalId, groupId })))
    .onConflictDoNothing()
    .returning({ groupId: listeningGroups.groupId });

/** Stops a terminal listening to a group; false when it did not. */
export const removeListening = async (db: Conn, terminalId: number, groupId: number) =>
  (
    await db
      .delete(listeningGroups)
      .where(and(eq(listeningGroups.terminalId, terminalId), eq(listeningGroups.groupId, groupId)))
      .returning({ id: listeningGroups.groupId })
  ).length > 0;

export const groupCounts = async (db: Conn, id: number) =>
  (
    await db
      .select({ orgName: orgs.name, memberCount })
      .from(groups)
      .innerJoin(orgs, eq(orgs.id, groups.orgId))
      .where(eq(groups.id, id))
  )[0];

/*
 * The group module reads the terminals it groups and keeps their default group (a column of the
 * terminal's row), so it needs no call into the terminal module, which calls into this one.
 */

/** Sets a terminal's default group unless it already is; false means it already was. */
export const setDefaultGroup = async (db: Conn, terminalId: number, groupId: number) =>
  (
    await db
      .update(terminals)
      .set({ defaultGroupId: groupId })
      .where(and(eq(terminals.id, terminalId), sql`${terminals.defaultGroupId} is distinct from ${groupId}`))
      .returning({ id: terminals.id })
  ).length === 1;

export const clearDefaultGroup = (db: Conn, terminalId: number, groupId: number) =>
  db
    .update(terminals)
    .set({ defaultGroupId: null })
    .where(and(eq(terminals.id, terminalId), eq(terminals.defaultGroupId, groupId)));
