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
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { nameByRef, windowParam } from '../../db/page.ts';
import { anyPattern, preparedBy } from '../../db/prepared.ts';
import { groupMembers, groups, orgCounts, orgs, terminalCounts, terminals } from '../../db/schema.ts';
import { type Scope, type ScopeKind, scopeKey } from '../../http/caller.ts';
import { containing, startingWith } from '../../lib/like.ts';
import { today } from '../../lib/zoned-time.ts';

export type NewTerminal = typeof terminals.$inferInsert;

export const insertTerminals = (db: Conn, rows: NewTerminal[]) =>
  db.insert(terminals).values(rows).returning();

export const existingSsids = async (db: Conn, ssids: string[]) =>
  (await db.select({ ssid: terminals.ssid }).from(terminals).where(inArray(terminals.ssid, ssids))).map(
    (r) => r.ssid,
  );

/** A company's terminals, from the counter the terminals' triggers keep (migration 0015). */
export const countTerminalsOfOrg = async (db: Conn, orgId: number) =>
  (
    await db
      .select({ n: sql<number>`${orgCounts.terminals}::int` })
      .from(orgCounts)
      .where(eq(orgCounts.orgId, orgId))
  )[0]?.n ?? 0;

export type TerminalRow = typeof terminals.$inferSelect;

const scopeColumn = { org: terminals.orgId, sub: terminals.agentPath, top: terminals.topPath };

/** A scope as SQL: an equality on an indexed column (`scopeKey`). */
export const inScope = (scope: Scope) => {
  const { kind, value } = scopeKey(scope);
  return eq(scopeColumn[kind], value);
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

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const p = sql.placeholder;

/**
 * A keyword finds an SSID by its start (a batch) or its end (the digits on a radio's label), on prefix
 * indexes of the SSID and of its reverse, and a name by any part, on a trigram index. Trigrams of digit
 * strings are few and shared by every SSID: the start of a batch matched all of them, a second's work
 * at a million terminals.
 */
const keywordValues = (keyword: string) => {
  const reversed = [...keyword].reverse().join('');
  return {
    ssidStart: startingWith(keyword),
    // The batch arm reads it only for a keyword of exactly a batch's digits.
    ssidBatch: keyword,
    ssidEnd: startingWith(reversed),
    // The same starts as ranges, for the statements that keep one plan (`oneForAll`).
    ssidFrom: keyword,
    ssidTo: after(keyword),
    endFrom: reversed,
    endTo: after(reversed),
    name: containing(keyword),
    nameOnIndex: containing(digitsOf(keyword) ?? keyword),
  };
};

/** The least string past every string that starts with `digits`: its last digit raised by one. */
const after = (digits: string) =>
  `${digits.slice(0, -1)}${String.fromCharCode(digits.charCodeAt(digits.length - 1) + 1)}`;

/**
 * The part of a name keyword looked up on the trigram index when it has digits after a word
 * ('Dock122'): the digits and the character before them ('k122'). The word's trigrams are shared by
 * every name with that word, and GIN walks their long lists for each candidate the digits give (112
 * index pages against 9 at 1 M); the whole keyword is then checked on the few rows found. Three
 * characters or more from the first digit on keep those rows few. Null when the whole keyword is
 * looked up: no digits, a digit among its first two characters, or fewer than three from the first
 * digit on.
 */
const digitsOf = (keyword: string) => {
  const first = keyword.search(/\d/);
  return first >= 2 && keyword.length - first >= 3 ? keyword.slice(first - 1) : null;
};
type KeywordValues = { [K in keyof ReturnType<typeof keywordValues>]: SQLWrapper | string };

/**
 * How a keyword's matches are read, decided by what it is. SSIDs are digits, so a keyword with any
 * other character reads names only. SSIDs are given in batches, so the terminals sharing the start of
 * an SSID sit together in id order; read on the id index from the other end, PostgreSQL (which takes
 * matches to be spread out) passed over hundreds of thousands of rows to reach them. The first 11
 * digits name a batch of at most 10 000 SSIDs, and a batch's terminals are read newest first on their
 * own index (migration 0035). A longer start is shared by at most 1 000 SSIDs and is read on the SSID
 * index, then ordered. A name part with a digit in it (a batch's number) matches few names and is read
 * on the trigram index; a word alone may match a good part of a fleet, and PostgreSQL chooses
 * (a rare word is found on the trigram index: matched under another collation, which the index cannot
 * serve, a word in no name walked the agent's 510 000 terminals at 1 M, 525 ms against 1 ms). The ends
 * of SSIDs run through every batch alike, so an end of n digits is shared by about one SSID in 10ⁿ: from
 * `endDigits` digits on it is read on the reversed SSID index. Below that PostgreSQL chooses; it cannot
 * tell a longer end's few matches from many (after some ANALYZE samples, it walked the 510 000 terminals
 * of an agent's scope for the 11 ending in 00000: 100 ms).
 */
interface KeywordPlan {
  ssid: 'none' | 'chosen' | 'batch' | 'byIndex';
  endsByIndex: boolean;
  nameByIndex: boolean;
  /** The trigram index is given the keyword's digits only (`digitsOf`). */
  nameByDigits: boolean;
  /**
   * Every arm is read on the index of its kind of match whatever the keyword's value: one plan serves
   * them all, and the statement keeps it instead of being planned on each call (planning was a third
   * of an agent's search). The values reach the plan hidden (`hiddenKeyword`), SSID starts as ranges,
   * which an index serves without knowing them, and the scope is a filter off its index
   * (`scopeOffIndex`), so an arm reads what its value matches and never walks a scope, but for a
   * short start of digits shared by most of a fleet (`commonStart`). Only for an agent's unfiltered
   * list or search: a company's rows are found with the name on one index. A keyword of letters and
   * digits only, at least three (four when all digits, for its end's index), gives the trigram index
   * a trigram to look up.
   */
  oneForAll: boolean;
}
/** The digits an SSID's batch shares (`terminals_ssid_batch`). */
const batchDigits = 11;
/** The digits from which an SSID's end is read on its index: at most one SSID in 10 000 shares them. */
const endDigits = 4;
/** SSIDs sharing a short start, up to which they are read on the SSID index under a kept plan. */
const commonStart = 1000;
const ssidPlanOf = (keyword: string): KeywordPlan['ssid'] => {
  if (!/^\d+$/.test(keyword)) return 'none';
  if (keyword.length < batchDigits) return 'chosen';
  return keyword.length === batchDigits ? 'batch' : 'byIndex';
};
const keywordPlanOf = (keyword: string | undefined, mayKeepOnePlan: boolean): KeywordPlan | null => {
  if (!keyword) return null;
  const ssid = ssidPlanOf(keyword);
  const nameByIndex = /\d/.test(keyword);
  return {
    ssid,
    endsByIndex: keyword.length >= endDigits,
    nameByIndex,
    nameByDigits: digitsOf(keyword) !== null,
    oneForAll:
      mayKeepOnePlan &&
      nameByIndex &&
      (ssid !== 'chosen' || keyword.length >= endDigits) &&
      /^[\p{L}\p{N}]{3,}$/u.test(keyword),
  };
};

/**
 * The ids of a keyword's matches within `filter` (the list's conditions on their indexes; a plan kept
 * for every keyword checks the scope of `kind` off its index instead), one arm per index, each arm its
 * first `window` ids in list order, then merged. An arm read on its own index orders what it found
 * (`id + 0` keeps the id index out of it).
 */
const keywordIds = (
  db: Conn,
  filter: SQL | undefined,
  kind: ScopeKind,
  values: KeywordValues,
  plan: KeywordPlan,
  direction: 'asc' | 'desc',
  window: SQLWrapper | number,
) => {
  const order = sql.raw(direction);
  const k = plan.oneForAll ? hiddenKeyword : values;
  const base = plan.oneForAll ? scopeOffIndex(kind) : filter;
  const arm = (match: SQL | undefined, byIndex: boolean, within = base) =>
    db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(within, match))
      .orderBy(byIndex ? sql`${terminals.id} + 0 ${order}` : sql`${terminals.id} ${order}`)
      .limit(window as number);
  // `|| ''` keeps the whole keyword off the trigram index: it is checked on the rows the digits found.
  const names = arm(
    plan.nameByDigits
      ? and(ilike(terminals.name, k.nameOnIndex), sql`(${terminals.name} || '') ilike ${k.name}`)
      : ilike(terminals.name, k.name),
    plan.nameByIndex,
  );
  if (plan.ssid === 'none') return sql`${names}`;
  const reversed = sql`reverse(${terminals.ssid})`;
  const starts = () => {
    if (plan.ssid === 'batch')
      return arm(eq(sql`left(${terminals.ssid}, ${sql.raw(String(batchDigits))})`, k.ssidBatch), false);
    if (!plan.oneForAll) return arm(like(terminals.ssid, k.ssidStart), plan.ssid === 'byIndex');
    const start = startsWith(terminals.ssid, k.ssidFrom, k.ssidTo);
    if (plan.ssid === 'byIndex') return arm(start, true);
    // A short start under one plan: read on the SSID index when a few SSIDs share it, else by walking
    // the scope in list order (the SSID kept off its index). A count of at most `commonStart + 1`
    // index entries tells which; the other arm does not run.
    const common = sql`(select count(*) from (select 1 from ${terminals} where ${start} limit ${sql.raw(String(commonStart + 1))}) c) > ${sql.raw(String(commonStart))}`;
    const walked = arm(
      and(startsWith(sql`(${terminals.ssid} || '')`, k.ssidFrom, k.ssidTo), common),
      false,
      filter,
    );
    return sql`${arm(and(start, sql`not ${common}`), true)} union ${walked}`;
  };
  const ends = arm(
    plan.oneForAll ? startsWith(reversed, k.endFrom, k.endTo) : like(reversed, k.ssidEnd),
    plan.endsByIndex,
  );
  return sql`${starts()} union ${ends} union ${names}`;
};

/** An agent's scope as a filter only, kept off the scope's indexes (`oneForAll`). */
const scopeOffIndex = (kind: ScopeKind) => sql`(${scopeColumn[kind]} || '') = ${p('scope')}`;

/** A start of digits as a range, which the column's `text_pattern_ops` index serves without knowing it. */
const startsWith = (column: SQLWrapper, from: SQLWrapper | string, to: SQLWrapper | string) =>
  sql`${column} ~>=~ ${from} and ${column} ~<~ ${to}`;

/** One keyword's condition on a row, where rows are read otherwise (a total past the last page). */
const keywordMatch = (k: KeywordValues) =>
  or(
    like(terminals.ssid, k.ssidStart),
    like(sql`reverse(${terminals.ssid})`, k.ssidEnd),
    ilike(terminals.name, k.name),
  );

/** What a list asks for, which decides its statement's text. */
interface Shape {
  scope: ScopeKind;
  org: boolean;
  group: boolean;
  state: ListFilter['state'] | 'any';
  keyword: KeywordPlan | null;
}
const shapeOf = (scope: Scope, f: ListFilter): Shape => ({
  scope: scopeKey(scope).kind,
  org: f.orgId !== undefined,
  group: f.groupId !== undefined,
  state: f.state ?? 'any',
  keyword: keywordPlanOf(
    f.keyword,
    scopeKey(scope).kind !== 'org' && f.orgId === undefined && f.groupId === undefined && !f.state,
  ),
});
const isFiltered = (s: Shape) => s.org || s.group || s.state !== 'any' || s.keyword !== null;
/** A keyword or a service state can match most of a large scope: such a list's total is not counted whole. */
const isOpenEnded = (s: Shape) => s.keyword !== null || s.state !== 'any';

const keywordPlaceholders = {
  ssidStart: p('ssidStart'),
  ssidBatch: p('ssidBatch'),
  ssidEnd: p('ssidEnd'),
  ssidFrom: p('ssidFrom'),
  ssidTo: p('ssidTo'),
  endFrom: p('endFrom'),
  endTo: p('endTo'),
  name: p('name'),
  nameOnIndex: p('nameOnIndex'),
};
/**
 * The keyword's values read through scalar subqueries, unknown to every plan like `windowParam`'s
 * counts: a plan made for one keyword then costs what the kept one does, and PostgreSQL keeps it.
 */
const hiddenKeyword = Object.fromEntries(
  Object.entries(keywordPlaceholders).map(([name, value]) => [name, sql`(select ${value}::text)`]),
) as unknown as KeywordValues;

/**
 * The filtered company is the agent's own or one of its sub-agents': for a top-level agent its top
 * path, for a sub-agent its agent path (sub-agents have none below them). An equality, not a path
 * prefix: PostgreSQL keeps one plan for the list instead of planning it for the pattern on each call.
 */
const orgInAgentScope = (kind: ScopeKind) =>
  sql`exists (select 1 from ${orgs} where ${orgs.id} = ${p('orgId')} and ${kind === 'top' ? orgs.topPath : orgs.agentPath} = ${p('scope')})`;

/**
 * The filter of a shape, every value a placeholder. An agent's list filtered by one of its companies
 * checks the company against the agent's path once and reads its terminals on the company's index.
 */
const whereOf = (s: Shape) =>
  and(
    s.org && s.scope !== 'org'
      ? and(eq(terminals.orgId, p('orgId')), orgInAgentScope(s.scope))
      : eq(scopeColumn[s.scope], p('scope')),
    s.org && s.scope === 'org' ? eq(terminals.orgId, p('orgId')) : undefined,
    s.group
      ? inArray(
          terminals.id,
          sql`(select ${groupMembers.terminalId} from ${groupMembers} where ${groupMembers.groupId} = ${p('groupId')})`,
        )
      : undefined,
    s.state === 'expired' ? lt(terminals.voiceExpires, p('today')) : undefined,
    s.state === 'active' ? gte(terminals.voiceExpires, p('today')) : undefined,
    s.state === 'expiring'
      ? and(gte(terminals.voiceExpires, p('today')), lt(terminals.voiceExpires, p('soon')))
      : undefined,
    s.keyword !== null ? keywordMatch(keywordPlaceholders) : undefined,
  );

/**
 * The list's total: an agent's unfiltered list, and a list of one company alone, from the counters its
 * terminals' triggers keep (a company's only when it is in the caller's scope); a group's counted on its
 * index. A keyword or state filter counts its matches only up
 * to a cap (a page past the end counts what comes before it); a page it has rows for reads one row
 * more than it shows and gives as total the rows before it and the ones read: the app only asks
 * whether a next page exists, and counting every terminal that matches a common word costs what
 * reading them all does.
 */
const totalOf = (db: Conn, s: Shape) => {
  if (isOpenEnded(s)) {
    const counted = db
      .select({ one: sql`1` })
      .from(terminals)
      .where(whereOf(s))
      .orderBy(desc(terminals.id))
      .limit(p('cap'))
      .as('counted');
    return db.select({ n: sql<number>`count(*)::int` }).from(counted);
  }
  if (s.org && !s.group && s.state === 'any' && s.keyword === null)
    return db
      .select({ n: sql<number>`coalesce(max(${orgCounts.terminals}), 0)::int` })
      .from(orgCounts)
      .where(
        and(
          eq(orgCounts.orgId, p('orgId')),
          s.scope === 'org' ? eq(orgCounts.orgId, p('scope')) : orgInAgentScope(s.scope),
        ),
      );
  if (isFiltered(s)) return db.select({ n: sql<number>`count(*)::int` }).from(terminals).where(whereOf(s));
  return s.scope === 'org'
    ? db
        .select({ n: sql<number>`coalesce(max(${orgCounts.terminals}), 0)::int` })
        .from(orgCounts)
        .where(eq(orgCounts.orgId, p('scope')))
    : db
        .select({ n: sql<number>`${terminalCounts.n}::int` })
        .from(terminalCounts)
        .where(eq(terminalCounts.path, p('scope')));
};

const planKey = (k: KeywordPlan) =>
  `${k.ssid}${+k.endsByIndex}${+k.nameByIndex}${+k.nameByDigits}${+k.oneForAll}`;
/** A statement's name: one that keeps one plan for every keyword is marked so (`anyPattern`). */
const nameOf = (name: string, k: KeywordPlan | null) => (k?.oneForAll ? anyPattern(name) : name);
/** A count of rows the plan of a keyword's statement may know, unless it keeps one plan for all. */
const countOf = (name: string, k: KeywordPlan | null) => (k?.oneForAll ? windowParam(name) : p(name));
const keyOf = (s: Shape) =>
  `${s.scope}_${+s.org}${+s.group}_${s.state}_${s.keyword ? planKey(s.keyword) : 'none'}`;

/** The columns of a terminal's row of the user list, which its detail starts with too. */
const summaryColumns = {
  id: terminals.id,
  ssid: terminals.ssid,
  name: terminals.name,
  orgId: terminals.orgId,
  orgName: nameByRef(orgs, 'terminals', 'org_id'),
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
  // Written out rather than built from `expiryColumn` for each row a page maps.
  expiries: {
    voice: t.voiceExpires,
    recording: t.recordingExpires,
    location: t.locationExpires,
    sos: t.sosExpires,
    fence: t.fenceExpires,
    video: t.videoExpires,
    duplex: t.duplexExpires,
  } satisfies Record<keyof typeof expiryColumn, string | null>,
  created_at: t.createdAt.toISOString(),
});

/**
 * A page of the user list and its total, in one statement built once per shape of filter. The page's
 * ids are taken first from the scope's index (what a deep page skips are index entries, not rows);
 * then only those rows are read by their key, each with its company's name. Read this way (no join),
 * the statement is planned in about half the time a join took: PostgreSQL plans a page for its
 * limit and offset on every run.
 */
const listPage = preparedBy((db, key: string) => {
  const s = JSON.parse(key) as Shape;
  const ids =
    s.keyword === null
      ? db
          .select({ id: terminals.id })
          .from(terminals)
          .where(whereOf(s))
          .orderBy(desc(terminals.id))
          .limit(windowParam('limit'))
          .offset(windowParam('offset'))
      : db
          .select({ id: sql<number>`matched.id`.as('id') })
          .from(
            sql`(${keywordIds(db, whereOf({ ...s, keyword: null }), s.scope, keywordPlaceholders, s.keyword, 'desc', countOf('window', s.keyword))}) matched`,
          )
          .orderBy(sql`matched.id desc`)
          .limit(countOf('limit', s.keyword))
          .offset(countOf('offset', s.keyword));
  return db
    .select({ ...summaryColumns, total: isOpenEnded(s) ? sql<number>`0` : sql<number>`(${totalOf(db, s)})` })
    .from(terminals)
    .where(sql`${terminals.id} = any(array(${ids}))`)
    .orderBy(desc(terminals.id))
    .prepare(nameOf(`terminal_list_${keyOf(s)}`, s.keyword));
});

/** The total alone, for a page past the end, which has no row to carry it. */
const listTotal = preparedBy((db, key: string) => {
  const s = JSON.parse(key) as Shape;
  return totalOf(db, s).prepare(`terminal_total_${keyOf(s)}`);
});

export async function listTerminals(db: Conn, scope: Scope, f: ListFilter, page: number, size: number) {
  const shape = shapeOf(scope, f);
  const key = JSON.stringify(shape);
  const offset = (page - 1) * size;
  const values = {
    scope: scopeKey(scope).value,
    orgId: f.orgId,
    groupId: f.groupId,
    today: today(),
    soon: inDays(30),
    ...(f.keyword ? keywordValues(f.keyword) : {}),
    limit: isOpenEnded(shape) ? size + 1 : size,
    offset,
    window: offset + size + 1,
    cap: offset,
  };
  const rows = await listPage(db, key).execute(values);
  if (rows.length > 0 && isOpenEnded(shape))
    return { list: rows.slice(0, size).map(summaryOf), total: offset + rows.length };
  if (rows.length > 0) return { list: rows.map(summaryOf), total: rows[0].total };
  if (page === 1) return { list: [], total: 0 };
  const [counted] = await listTotal(db, key).execute(values);
  return { list: [], total: counted?.n ?? 0 };
}

/** A group a terminal belongs to, with its priority there. */
export interface Membership {
  id: number;
  name: string;
  priority: number;
}

/** A terminal's groups with its priority in each, in group order: the detail is read in one statement. */
const membershipsOf = jsonRows<Membership>(
  { id: sql`g.id`, name: sql`g.name`, priority: sql`m.priority` },
  sql`${groupMembers} m join ${groups} g on g.id = m.group_id where m.terminal_id = "terminals"."id"`,
  sql`g.id`,
);

const detailIn = preparedBy((db, kind: ScopeKind) =>
  db
    .select({ ...getTableColumns(terminals), orgName: orgs.name, memberOf: membershipsOf })
    .from(terminals)
    .innerJoin(orgs, eq(orgs.id, terminals.orgId))
    .where(and(eq(terminals.id, p('id')), eq(scopeColumn[kind], p('scope'))))
    .limit(1)
    .prepare(`terminal_detail_${kind}`),
);

/** A terminal in scope with its company's name and its groups: its detail. */
export const findDetailIn = async (db: Conn, scope: Scope, id: number) => {
  const { kind, value } = scopeKey(scope);
  return (await detailIn(db, kind).execute({ id, scope: value }))[0];
};

export const updateTerminal = (db: Conn, id: number, set: Partial<NewTerminal>) =>
  db.update(terminals).set(set).where(eq(terminals.id, id));

/** The fields an edit in scope may set (terminal/updateUser without a company change). */
type EditedField = 'name' | 'iccid' | 'remark' | 'dispatcher';

const updateIn = preparedBy((db, key: string) => {
  const [kind, ...fields] = key.split(' ') as [ScopeKind, ...EditedField[]];
  return db
    .update(terminals)
    .set(Object.fromEntries(fields.map((f) => [f, sql.placeholder(f)])))
    .where(and(eq(terminals.id, p('id')), eq(scopeColumn[kind], p('scope'))))
    .returning({ id: terminals.id })
    .prepare(`terminal_update_${key.replace(/ /g, '_')}`);
});

/** Updates a terminal in scope, a statement per scope kind and set of fields; false when there is none. */
export const updateTerminalIn = async (
  db: Conn,
  scope: Scope,
  id: number,
  set: Partial<Pick<NewTerminal, EditedField>>,
) => {
  const { kind, value } = scopeKey(scope);
  const fields = (Object.keys(set) as EditedField[]).filter((f) => set[f] !== undefined).sort();
  return (await updateIn(db, [kind, ...fields].join(' ')).execute({ ...set, id, scope: value })).length > 0;
};

export const deleteTerminals = (db: Conn, ids: number[]) =>
  db.delete(terminals).where(inArray(terminals.id, ids));

export const idsInOrg = async (db: Conn, orgId: number, ids: number[]) =>
  (
    await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(eq(terminals.orgId, orgId), inArray(terminals.id, ids)))
  ).map((r) => r.id);

const anyName: KeywordPlan = {
  ssid: 'none',
  endsByIndex: false,
  nameByIndex: false,
  nameByDigits: false,
  oneForAll: false,
};

/** The global search's users, oldest first: one statement per scope kind and keyword plan, built once. */
const searchPage = preparedBy((db, key: string) => {
  const { kind, plan } = JSON.parse(key) as { kind: ScopeKind; plan: KeywordPlan };
  const limit = countOf('limit', plan);
  const ids = keywordIds(
    db,
    eq(scopeColumn[kind], p('scope')),
    kind,
    keywordPlaceholders,
    plan,
    'asc',
    limit,
  );
  return db
    .select({ id: terminals.id, name: terminals.name, sub: terminals.ssid })
    .from(terminals)
    .where(sql`${terminals.id} = any(array(${ids}))`)
    .orderBy(asc(terminals.id))
    .limit(limit)
    .prepare(nameOf(`terminal_search_${kind}_${planKey(plan)}`, plan));
});

export const searchTerminals = (db: Conn, scope: Scope, keyword: string, limit: number) => {
  const { kind, value } = scopeKey(scope);
  const plan = keywordPlanOf(keyword, kind !== 'org') ?? anyName;
  return searchPage(db, JSON.stringify({ kind, plan })).execute({
    scope: value,
    ...keywordValues(keyword),
    limit,
  });
};

/** Names of a company's terminals that start with a prefix (to continue its numbering). */
export const namesLike = async (db: Conn, orgId: number, prefix: string) =>
  (
    await db
      .select({ name: terminals.name })
      .from(terminals)
      .where(and(eq(terminals.orgId, orgId), like(terminals.name, `${prefix.replace(/[%_\\]/g, '\\$&')}%`)))
  ).map((r) => r.name);
