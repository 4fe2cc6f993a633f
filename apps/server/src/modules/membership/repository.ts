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

type Kind = MemberSet['kind'];

/** The set's member ids. */
const membersOf = (db: Conn, kind: Kind, id: number) =>
  kind === 'group'
    ? db.select({ id: groupMembers.terminalId }).from(groupMembers).where(eq(groupMembers.groupId, id))
    : db.select({ id: fenceMembers.terminalId }).from(fenceMembers).where(eq(fenceMembers.fenceId, id));

const memberCount = (kind: Kind, id: number) =>
  kind === 'group'
    ? sql`(select count(*) from ${groupMembers} m where m.group_id = ${id})`
    : sql`(select count(*) from ${fenceMembers} m where m.fence_id = ${id})`;

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
  const offset = (page - 1) * size;
  const pattern = keyword ? containing(keyword) : undefined;
  const outside = and(
    eq(terminals.orgId, set.orgId),
    notInArray(terminals.id, membersOf(db, set.kind, set.id)),
    pattern ? or(like(terminals.ssid, pattern), ilike(terminals.name, pattern)) : undefined,
  );
  const rows = await db
    .select({
      id: terminals.id,
      ssid: terminals.ssid,
      name: terminals.name,
      locationExpires: terminals.locationExpires,
      fenceExpires: terminals.fenceExpires,
    })
    .from(terminals)
    .where(outside)
    .orderBy(asc(terminals.id))
    .limit(keyword ? size + 1 : size)
    .offset(offset);
  if (keyword && rows.length > 0) return { list: rows.slice(0, size), total: offset + rows.length };
  if (keyword) {
    // A page past the last: the keyword's matches.
    if (page === 1) return { list: rows, total: 0 };
    const [matched] = await db.select({ n: sql<number>`count(*)::int` }).from(terminals).where(outside);
    return { list: rows, total: matched.n };
  }
  const [counted] = await db
    .select({
      n: sql<number>`(coalesce(max(${orgCounts.terminals}), 0) - ${memberCount(set.kind, set.id)})::int`,
    })
    .from(orgCounts)
    .where(eq(orgCounts.orgId, set.orgId));
  return { list: rows, total: counted.n };
}
