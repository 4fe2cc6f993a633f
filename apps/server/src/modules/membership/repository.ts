import { and, asc, eq, ilike, like, notInArray, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { windowParam } from '../../db/page.ts';
import { preparedBy } from '../../db/prepared.ts';
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

/** The set's member ids; `id` is the placeholder of the set's id. */
const membersOf = (db: Conn, kind: Kind, id: SQLWrapper) =>
  kind === 'group'
    ? db.select({ id: groupMembers.terminalId }).from(groupMembers).where(eq(groupMembers.groupId, id))
    : db.select({ id: fenceMembers.terminalId }).from(fenceMembers).where(eq(fenceMembers.fenceId, id));

const memberCount = (kind: Kind, id: SQLWrapper) =>
  kind === 'group'
    ? sql`(select count(*) from ${groupMembers} m where m.group_id = ${id})`
    : sql`(select count(*) from ${fenceMembers} m where m.fence_id = ${id})`;

const p = sql.placeholder;

const outsideWhere = (db: Conn, kind: Kind, keyword: boolean) =>
  and(
    eq(terminals.orgId, p('orgId')),
    notInArray(terminals.id, membersOf(db, kind, p('setId'))),
    keyword ? or(like(terminals.ssid, p('keyword')), ilike(terminals.name, p('keyword'))) : undefined,
  );

/** The page's statement, built once per kind of set and whether a keyword is given. */
const outsidePage = preparedBy((db, key: `${Kind} ${boolean}`) => {
  const [kind, keyword] = key.split(' ') as [Kind, string];
  // A keyword's statement is planned for its pattern, which depends on how few rows are wanted.
  const window = keyword === 'true' ? p : windowParam;
  return db
    .select({
      id: terminals.id,
      ssid: terminals.ssid,
      name: terminals.name,
      locationExpires: terminals.locationExpires,
      fenceExpires: terminals.fenceExpires,
    })
    .from(terminals)
    .where(outsideWhere(db, kind, keyword === 'true'))
    .orderBy(asc(terminals.id))
    .limit(window('limit'))
    .offset(window('offset'))
    .prepare(`outside_${kind}_${keyword}`);
});

/** A keyword's matches, for a page past the last. */
const outsideMatches = preparedBy((db, kind: Kind) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(terminals)
    .where(outsideWhere(db, kind, true))
    .prepare(`outside_matches_${kind}`),
);

/** The company's terminals (its counter) less the set's members. */
const outsideTotal = preparedBy((db, kind: Kind) =>
  db
    .select({
      n: sql<number>`(coalesce(max(${orgCounts.terminals}), 0) - ${memberCount(kind, p('setId'))})::int`,
    })
    .from(orgCounts)
    .where(eq(orgCounts.orgId, p('orgId')))
    .prepare(`outside_total_${kind}`),
);

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
  const values = {
    orgId: set.orgId,
    setId: set.id,
    keyword: keyword ? containing(keyword) : undefined,
    limit: keyword ? size + 1 : size,
    offset,
  };
  const rows = await outsidePage(db, `${set.kind} ${Boolean(keyword)}`).execute(values);
  if (keyword && rows.length > 0) return { list: rows.slice(0, size), total: offset + rows.length };
  if (keyword)
    return { list: rows, total: page === 1 ? 0 : (await outsideMatches(db, set.kind).execute(values))[0].n };
  const [counted] = await outsideTotal(db, set.kind).execute(values);
  return { list: rows, total: counted.n };
}
