import { and, asc, eq, ilike, inArray, like, notInArray, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client.ts';
import { filteredPages } from '../../db/page.ts';
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
const membersOf = (kind: Kind, id: number, db = new QueryBuilder()) =>
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
 * The company's terminals that are not members, oldest first. A keyword's page reads one row past itself
 * (the app asks only whether there is a next page); without one, the total is the company's terminals
 * (its counter) less the members, not a count of up to 20 000 terminals.
 */
const outsidePages = filteredPages({
  table: terminals,
  scope: (set: MemberSet) =>
    and(eq(terminals.orgId, set.orgId), notInArray(terminals.id, membersOf(set.kind, set.id))),
  filters: {
    keyword: (keyword: string) => {
      const pattern = containing(keyword);
      return or(like(terminals.ssid, pattern), ilike(terminals.name, pattern));
    },
  },
  order: [terminals.id],
  total: (f) => (f.keyword ? 'read' : 'counted'),
  counter: (db, set, f) =>
    f.keyword
      ? undefined
      : db
          .select({
            n: sql<number>`(coalesce(max(${orgCounts.terminals}), 0) - ${memberCount(set.kind, set.id)})::int`,
          })
          .from(orgCounts)
          .where(eq(orgCounts.orgId, set.orgId))
          .then((rows) => rows[0]?.n ?? 0),
  rows: (db, place) =>
    db
      .select({
        id: terminals.id,
        ssid: terminals.ssid,
        name: terminals.name,
        locationExpires: terminals.locationExpires,
        fenceExpires: terminals.fenceExpires,
        ...place,
      })
      .from(terminals)
      .$dynamic(),
});

/** A page of the company's terminals that are not members of the set. */
export const listOutside = (
  db: Conn,
  set: MemberSet,
  keyword: string | undefined,
  page: number,
  size: number,
) => outsidePages(db, set, { keyword: keyword || undefined }, page, size);

/**
 * The terminals of a company among `ids`, with their names, in id order, held (FOR SHARE) until the
 * transaction ends: none moves to another company before it joins a group or a fence. Terminals are
 * locked before the group or fence they join, as every write that takes both does.
 */
export const lockJoining = (db: Conn, orgId: number, ids: number[]) =>
  db
    .select({ id: terminals.id, name: terminals.name })
    .from(terminals)
    .where(and(eq(terminals.orgId, orgId), inArray(terminals.id, [...new Set(ids)])))
    .orderBy(asc(terminals.id))
    .for('share');

/** A terminal's id and name (a group's leader, a fence's keeper), or undefined when there is none. */
export const terminalName = async (db: Conn, id: number) =>
  (
    await db.select({ id: terminals.id, name: terminals.name }).from(terminals).where(eq(terminals.id, id))
  )[0];
