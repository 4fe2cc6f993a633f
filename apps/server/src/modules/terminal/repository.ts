import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  like,
  lt,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { pageWindow } from '../../db/page-window.ts';
import { prepared, preparedBy } from '../../db/prepared.ts';
import { orgs, terminalCounts, terminalListRows, terminals } from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';
import { containing } from '../../lib/like.ts';
import { changingTerminals as changing, type Page } from './pages.ts';

export type NewTerminal = typeof terminals.$inferInsert;

export const insertTerminals = (db: Conn, rows: NewTerminal[]) =>
  changing(db.insert(terminals).values(rows).returning());

export const existingSsids = async (db: Conn, ssids: string[]) =>
  (await db.select({ ssid: terminals.ssid }).from(terminals).where(inArray(terminals.ssid, ssids))).map(
    (r) => r.ssid,
  );

const countOfOrg = prepared((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(terminals)
    .where(eq(terminals.orgId, sql.placeholder('orgId')))
    .prepare('terminal_count_of_org'),
);

export const countTerminalsOfOrg = async (db: Conn, orgId: number) =>
  (await countOfOrg(db).execute({ orgId }))[0].n;

export type TerminalRow = typeof terminals.$inferSelect;

/** A scope as SQL: a company's own terminals, or everything below an agent path. */
export const inScope = (scope: Scope) =>
  'orgId' in scope ? eq(terminals.orgId, scope.orgId) : like(terminals.agentPath, `${scope.path}%`);

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

/** Each function's expiry column, in the order of the contract's `expiries` (a terminal's detail). */
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

/**
 * A page as one row: the JSON array of its rows, newest first, and the total of the list. Each
 * terminal's row is kept as the contract's JSON (`terminal_list_rows`, migration 0009), so a page joins
 * twenty texts; the server hands the array to the client as it is (`JsonText`). Writing the rows' JSON
 * per page, with each row's company name, was most of PostgreSQL's time on the user list at 1 M
 * (docs/performance.md). `ids` is the page's ids as a subquery in parentheses.
 */
const pageOf = (db: Conn, ids: SQLWrapper, total: SQL) =>
  db
    .select({
      list: sql<string>`coalesce('[' || string_agg(${terminalListRows.row}, ',' order by ${terminalListRows.id} desc) || ']', '[]')`,
      total: sql<number>`(${total})::int`,
    })
    .from(terminalListRows)
    .where(sql`${terminalListRows.id} in ${ids}`);

/**
 * The unfiltered pages, the ones every list screen opens with. An agent's page takes its ids from its
 * own range of `terminal_scopes` (migration 0007): the same few index entries for a top-level agent
 * with half the fleet as for a sub-agent whose terminals are all old, and its total from the counters
 * of migration 0004. A company's from its own terminals.
 */
const pathPage = (db: Conn, path: string | Placeholder, size: number, offset: number) =>
  pageOf(
    db,
    sql`(select ts.terminal_id from terminal_scopes ts where ts.path = ${path} order by ts.terminal_id desc ${pageWindow(size, offset)})`,
    sql`coalesce((select ${terminalCounts.n} from ${terminalCounts} where ${terminalCounts.path} = ${path}), 0)`,
  );
const orgPage = (db: Conn, orgId: number | Placeholder, size: number, offset: number) =>
  pageOf(
    db,
    sql`(select t.id from terminals t where t.org_id = ${orgId} order by t.id desc ${pageWindow(size, offset)})`,
    sql`(select count(*) from terminals t where t.org_id = ${orgId})`,
  );

/** First pages, by far the most asked for, are named statements, one per page size. */
const firstPathPage = preparedBy((db, size: number) =>
  pathPage(db, sql.placeholder('path'), size, 0).prepare(`terminal_page_under_path_${size}`),
);
const firstOrgPage = preparedBy((db, size: number) =>
  orgPage(db, sql.placeholder('orgId'), size, 0).prepare(`terminal_page_of_org_${size}`),
);

const unfilteredPage = (db: Conn, scope: Scope, size: number, offset: number) => {
  if ('path' in scope)
    return offset === 0
      ? firstPathPage(db, size).execute({ path: scope.path })
      : pathPage(db, scope.path, size, offset);
  return offset === 0
    ? firstOrgPage(db, size).execute({ orgId: scope.orgId })
    : orgPage(db, scope.orgId, size, offset);
};

export const isUnfiltered = (f: ListFilter) =>
  f.orgId === undefined && f.groupId === undefined && !f.state && !f.keyword;

/** A page of the user list: `list` is the JSON array of its rows, as the client receives it. */
export async function listTerminals(
  db: Conn,
  scope: Scope,
  f: ListFilter,
  page: number,
  size: number,
): Promise<Page> {
  const offset = (page - 1) * size;
  if (isUnfiltered(f)) return (await unfilteredPage(db, scope, size, offset))[0];
  const where = and(
    inScope(scope),
    f.orgId !== undefined ? eq(terminals.orgId, f.orgId) : undefined,
    f.groupId !== undefined
      ? sql`exists (select 1 from group_members gm where gm.terminal_id = ${terminals.id} and gm.group_id = ${f.groupId})`
      : undefined,
    f.state === 'expired' ? lt(terminals.voiceExpires, today()) : undefined,
    f.state === 'active' ? gte(terminals.voiceExpires, today()) : undefined,
    f.state === 'expiring'
      ? and(gte(terminals.voiceExpires, today()), lt(terminals.voiceExpires, inDays(30)))
      : undefined,
    f.keyword
      ? or(like(terminals.ssid, containing(f.keyword)), ilike(terminals.name, containing(f.keyword)))
      : undefined,
  );
  const ids = db.select({ id: terminals.id }).from(terminals).where(where).orderBy(desc(terminals.id));
  const total = sql`(select count(*) from ${terminals} where ${where})`;
  return (await pageOf(db, ids.limit(size).offset(offset), total))[0];
}

export const orgNameOf = async (db: Conn, orgId: number) =>
  (await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, orgId)).limit(1))[0]?.name ?? '';

export const updateTerminal = (db: Conn, id: number, set: Partial<NewTerminal>) =>
  changing(db.update(terminals).set(set).where(eq(terminals.id, id)));

export const deleteTerminals = (db: Conn, ids: number[]) =>
  changing(db.delete(terminals).where(inArray(terminals.id, ids)));

export const idsInOrg = async (db: Conn, orgId: number, ids: number[]) =>
  (
    await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(eq(terminals.orgId, orgId), inArray(terminals.id, ids)))
  ).map((r) => r.id);

export const nameOf = async (db: Conn, id: number) =>
  (
    await db.select({ id: terminals.id, name: terminals.name }).from(terminals).where(eq(terminals.id, id))
  )[0] ?? null;

/** Sets the default group unless it already is; false means it already was. */
export const setDefault = async (db: Conn, id: number, groupId: number) =>
  (
    await changing(
      db
        .update(terminals)
        .set({ defaultGroupId: groupId })
        .where(and(eq(terminals.id, id), sql`${terminals.defaultGroupId} is distinct from ${groupId}`))
        .returning({ id: terminals.id }),
    )
  ).length === 1;

export const clearDefault = (db: Conn, id: number, groupId: number) =>
  changing(
    db
      .update(terminals)
      .set({ defaultGroupId: null })
      .where(and(eq(terminals.id, id), eq(terminals.defaultGroupId, groupId))),
  );

export const searchTerminals = (db: Conn, scope: Scope, keyword: string, limit: number) =>
  db
    .select({ id: terminals.id, name: terminals.name, sub: terminals.ssid })
    .from(terminals)
    .where(
      and(
        inScope(scope),
        or(like(terminals.ssid, containing(keyword)), ilike(terminals.name, containing(keyword))),
      ),
    )
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
