import { and, asc, eq, ilike, like, notInArray, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { fenceMembers, groupMembers, orgCounts, terminals } from '../../db/schema.ts';
import { containing } from '../../lib/like.ts';

/**
 * A group's or a fence's members: rows of its membership table. A terminal moved to another company
 * leaves both (`leaveAll`), so every row is a member of the set's company.
 */
export interface MemberSet {
  kind: 'group' | 'fence';
  id: number;
  orgId: number;
}

const membersOf = (db: Conn, set: MemberSet) =>
  set.kind === 'group'
    ? db.select({ id: groupMembers.terminalId }).from(groupMembers).where(eq(groupMembers.groupId, set.id))
    : db.select({ id: fenceMembers.terminalId }).from(fenceMembers).where(eq(fenceMembers.fenceId, set.id));

const memberCount = (set: MemberSet) =>
  set.kind === 'group'
    ? sql`(select count(*) from ${groupMembers} m where m.group_id = ${set.id})`
    : sql`(select count(*) from ${fenceMembers} m where m.fence_id = ${set.id})`;

/** A terminal's fence memberships, when it moves to another company (its groups are the group module's). */
export const leaveFences = (db: Conn, terminalId: number) =>
  db.delete(fenceMembers).where(eq(fenceMembers.terminalId, terminalId));

/**
 * A page of the company's terminals that are not members, oldest first. A keyword's page reads one row
 * past itself (the app asks only whether there is a next page); without one, the total is the
 * company's terminals (its counter) less the members, not a count of up to 20 000 terminals.
 */
export async function listOutside(
  db: Conn,
  set: MemberSet,
  keyword: string | undefined,
  page: number,
  size: number,
) {
  const where = and(
    eq(terminals.orgId, set.orgId),
    notInArray(terminals.id, membersOf(db, set)),
    keyword
      ? or(like(terminals.ssid, containing(keyword)), ilike(terminals.name, containing(keyword)))
      : undefined,
  );
  const offset = (page - 1) * size;
  const rows = await db
    .select({
      id: terminals.id,
      ssid: terminals.ssid,
      name: terminals.name,
      locationExpires: terminals.locationExpires,
      fenceExpires: terminals.fenceExpires,
    })
    .from(terminals)
    .where(where)
    .orderBy(asc(terminals.id))
    .limit(keyword ? size + 1 : size)
    .offset(offset);
  if (keyword && rows.length > 0) return { list: rows.slice(0, size), total: offset + rows.length };
  if (keyword) return { list: rows, total: page === 1 ? 0 : await db.$count(terminals, where) };
  const [counted] = await db
    .select({
      n: sql<number>`(coalesce(max(${orgCounts.terminals}), 0) - ${memberCount(set)})::int`,
    })
    .from(orgCounts)
    .where(eq(orgCounts.orgId, set.orgId));
  return { list: rows, total: counted.n };
}
