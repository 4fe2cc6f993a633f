import { isSubAgentPath } from '@ptt/contract';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  like,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { groupMembers, orgs, terminalCounts, terminals } from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';
import { containing } from '../../lib/like.ts';

export type NewTerminal = typeof terminals.$inferInsert;

export const insertTerminals = (db: Conn, rows: NewTerminal[]) =>
  db.insert(terminals).values(rows).returning();

export const existingSsids = async (db: Conn, ssids: string[]) =>
  (await db.select({ ssid: terminals.ssid }).from(terminals).where(inArray(terminals.ssid, ssids))).map(
    (r) => r.ssid,
  );

export const countTerminalsOfOrg = async (db: Conn, orgId: number) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(terminals).where(eq(terminals.orgId, orgId)))[0].n;

export type TerminalRow = typeof terminals.$inferSelect;

/**
 * A scope as SQL, each an equality on an indexed column: a company's own terminals, a sub-agent's
 * (agents are two levels deep, so its terminals carry its path), or a top-level agent's.
 */
export const inScope = (scope: Scope) => {
  if ('orgId' in scope) return eq(terminals.orgId, scope.orgId);
  return isSubAgentPath(scope.path) ? eq(terminals.agentPath, scope.path) : eq(terminals.topPath, scope.path);
};

export const findTerminalIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await db
      .select()
      .from(terminals)
      .where(and(eq(terminals.id, id), inScope(scope)))
      .limit(1)
  )[0];

export const findTerminalsIn = (db: Conn, scope: Scope, ids: number[]) =>
  db
    .select()
    .from(terminals)
    .where(and(inArray(terminals.id, ids), inScope(scope)));

/**
 * The terminals of a multi-row write, locked until its transaction ends, always in ascending id order:
 * two writes over overlapping lists then queue on their first shared row instead of deadlocking, and
 * what they read is the newest row, so a value read and written back loses no concurrent change.
 */
export const lockTerminalsIn = (db: Conn, scope: Scope, ids: number[]) =>
  db
    .select()
    .from(terminals)
    .where(and(inArray(terminals.id, ids), inScope(scope)))
    .orderBy(asc(terminals.id))
    .for('update');

/** A terminal by SSID, locked until the transaction ends (card replacement). */
export const lockBySsid = async (db: Conn, ssid: string) =>
  (await db.select().from(terminals).where(eq(terminals.ssid, ssid)).limit(1).for('update'))[0];

export const firstOfOrg = (db: Conn, orgId: number, limit: number) =>
  db.select().from(terminals).where(eq(terminals.orgId, orgId)).orderBy(asc(terminals.id)).limit(limit);

export const findBySsid = async (db: Conn, ssid: string) =>
  (await db.select().from(terminals).where(eq(terminals.ssid, ssid)).limit(1))[0];

export interface ListFilter {
  orgId?: number;
  groupId?: number;
  state?: 'active' | 'expiring' | 'expired';
  keyword?: string;
}

/** Each function's expiry column, in the order of the contract's `expiries`. */
export const expiryColumn = {
  voice: 'voiceExpires',
  recording: 'recordingExpires',
  location: 'locationExpires',
  sos: 'sosExpires',
  fence: 'fenceExpires',
  video: 'videoExpires',
  duplex: 'duplexExpires',
} as const;

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const keywordMatch = (keyword: string) =>
  or(like(terminals.ssid, containing(keyword)), ilike(terminals.name, containing(keyword)));

/**
 * An agent's list filtered by one of its companies: the company is checked against the agent's path
 * once, and its terminals read on their company's index alone.
 */
const orgOfAgent = (path: string, orgId: number) =>
  and(
    eq(terminals.orgId, orgId),
    sql`exists (select 1 from ${orgs} where ${orgs.id} = ${orgId} and ${orgs.agentPath} like ${`${path}%`})`,
  );

const filtersOf = (scope: Scope, f: ListFilter) =>
  and(
    f.orgId !== undefined && 'path' in scope ? orgOfAgent(scope.path, f.orgId) : inScope(scope),
    f.orgId !== undefined && 'orgId' in scope ? eq(terminals.orgId, f.orgId) : undefined,
    f.groupId !== undefined ? inArray(terminals.id, membersOf(f.groupId)) : undefined,
    f.state === 'expired' ? lt(terminals.voiceExpires, today()) : undefined,
    f.state === 'active' ? gte(terminals.voiceExpires, today()) : undefined,
    f.state === 'expiring'
      ? and(gte(terminals.voiceExpires, today()), lt(terminals.voiceExpires, inDays(30)))
      : undefined,
    f.keyword ? keywordMatch(f.keyword) : undefined,
  );

const membersOf = (groupId: number) =>
  sql`(select ${groupMembers.terminalId} from ${groupMembers} where ${groupMembers.groupId} = ${groupId})`;

export const isUnfiltered = (f: ListFilter) =>
  f.orgId === undefined && f.groupId === undefined && !f.state && !f.keyword;

/**
 * The list's total: an agent's unfiltered list from the counter its terminals' triggers keep (migration
 * 0004), anything else counted on the indexes its filter uses.
 */
const totalOf = (db: Conn, scope: Scope, f: ListFilter, where: SQL | undefined) =>
  'path' in scope && isUnfiltered(f)
    ? db
        .select({ n: sql<number>`${terminalCounts.n}::int` })
        .from(terminalCounts)
        .where(eq(terminalCounts.path, scope.path))
    : db.select({ n: sql<number>`count(*)::int` }).from(terminals).where(where);

/** The columns of a terminal's row of the user list, which its detail starts with too. */
const summaryColumns = {
  id: terminals.id,
  ssid: terminals.ssid,
  name: terminals.name,
  orgId: terminals.orgId,
  orgName: orgs.name,
  userType: terminals.userType,
  voiceExpires: terminals.voiceExpires,
  recordingExpires: terminals.recordingExpires,
  locationExpires: terminals.locationExpires,
  sosExpires: terminals.sosExpires,
  fenceExpires: terminals.fenceExpires,
  videoExpires: terminals.videoExpires,
  duplexExpires: terminals.duplexExpires,
  createdAt: terminals.createdAt,
};

type SummaryRow = Pick<TerminalRow, Exclude<keyof typeof summaryColumns, 'orgName'>> & { orgName: string };

/** A terminal's row of the user list as the contract writes it (`terminalSummary`); its detail's head. */
export const summaryOf = (t: SummaryRow) => ({
  id: t.id,
  ssid: t.ssid,
  name: t.name,
  org_id: t.orgId,
  org_name: t.orgName,
  user_type: t.userType,
  expiries: Object.fromEntries(Object.entries(expiryColumn).map(([fn, c]) => [fn, t[c]])) as Record<
    keyof typeof expiryColumn,
    string | null
  >,
  created_at: t.createdAt.toISOString(),
});

/**
 * A page of the user list and its total, in one statement. The page's ids are taken first, newest
 * first, from the scope's index alone (what a deep page skips are index entries, not rows); then only
 * those rows are read, with their company's name. The matches of a keyword, or of a state that few
 * terminals are in, are read once from their own indexes for both the page and the total: walking the
 * scope newest first would test every row before the matches, all of them when there are none.
 */
export async function listTerminals(db: Conn, scope: Scope, f: ListFilter, page: number, size: number) {
  const where = filtersOf(scope, f);
  const offset = (page - 1) * size;
  const readOnce = Boolean(f.keyword) || f.state === 'expired' || f.state === 'expiring';
  const matches = db.$with('matches').as(db.select({ id: terminals.id }).from(terminals).where(where));
  const ids = readOnce
    ? db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(desc(matches.id))
        .limit(size)
        .offset(offset)
        .as('page')
    : db
        .select({ id: terminals.id })
        .from(terminals)
        .where(where)
        .orderBy(desc(terminals.id))
        .limit(size)
        .offset(offset)
        .as('page');
  const countMatches = sql<number>`count(*)::int`;
  const total = readOnce ? db.select({ n: countMatches }).from(matches) : totalOf(db, scope, f, where);
  const rows = await (readOnce ? db.with(matches) : db)
    .select({ ...summaryColumns, total: sql<number>`(${total})` })
    .from(ids)
    .innerJoin(terminals, eq(terminals.id, ids.id))
    .innerJoin(orgs, eq(orgs.id, terminals.orgId))
    .orderBy(desc(terminals.id));
  if (rows.length > 0) return { list: rows.map(summaryOf), total: rows[0].total };
  if (page === 1) return { list: [], total: 0 };
  // A page past the end has no row to carry the total.
  const [counted] = readOnce ? await db.with(matches).select({ n: countMatches }).from(matches) : await total;
  return { list: [], total: counted?.n ?? 0 };
}

/** A terminal in scope with its company's name: its detail. */
export const findDetailIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await db
      .select({ ...getTableColumns(terminals), orgName: orgs.name })
      .from(terminals)
      .innerJoin(orgs, eq(orgs.id, terminals.orgId))
      .where(and(eq(terminals.id, id), inScope(scope)))
      .limit(1)
  )[0];

export const updateTerminal = (db: Conn, id: number, set: Partial<NewTerminal>) =>
  db.update(terminals).set(set).where(eq(terminals.id, id));

export const deleteTerminals = (db: Conn, ids: number[]) =>
  db.delete(terminals).where(inArray(terminals.id, ids));

export const idsInOrg = async (db: Conn, orgId: number, ids: number[]) =>
  (
    await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(eq(terminals.orgId, orgId), inArray(terminals.id, ids)))
  ).map((r) => r.id);

export const searchTerminals = (db: Conn, scope: Scope, keyword: string, limit: number) =>
  db
    .select({ id: terminals.id, name: terminals.name, sub: terminals.ssid })
    .from(terminals)
    .where(and(inScope(scope), keywordMatch(keyword)))
    .orderBy(asc(terminals.id))
    .limit(limit);

/** Names of a company's terminals that start with a prefix (to continue its numbering). */
export const namesLike = async (db: Conn, orgId: number, prefix: string) =>
  (
    await db
      .select({ name: terminals.name })
      .from(terminals)
      .where(and(eq(terminals.orgId, orgId), like(terminals.name, `${prefix.replace(/[%_\\]/g, '\\$&')}%`)))
  ).map((r) => r.name);
