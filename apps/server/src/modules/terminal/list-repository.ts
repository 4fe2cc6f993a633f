import { and, asc, eq, gte, ilike, like, lt, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { filteredPages } from '../../db/page.ts';
import { groupMembers, orgCounts, orgs, terminalCounts, terminals } from '../../db/schema.ts';
import { type Scope, scopeKey } from '../../http/caller.ts';
import { expiriesOf, expiryColumns } from '../../lib/expiries.ts';
import { containing, startingWith } from '../../lib/like.ts';
import { daysFromToday, today } from '../../lib/zoned-time.ts';

const scopeColumn = { org: terminals.orgId, sub: terminals.agentPath, top: terminals.topPath };

/** A scope as SQL: an equality on an indexed column (`scopeKey`). */
export const inScope = (scope: Scope) => {
  const { kind, value } = scopeKey(scope);
  return eq(scopeColumn[kind], value);
};

export interface ListFilter {
  orgId?: number;
  groupId?: number;
  state?: 'active' | 'expiring' | 'expired';
  keyword?: string;
}

/**
 * A keyword finds a terminal by the start of its SSID (a batch), by the end of its SSID (the digits on a
 * radio's label) or by any part of its name: on the SSID's prefix index, the reversed SSID's prefix
 * index and the name's trigram index. An SSID is digits only, so a keyword with any other character
 * can only be part of a name, and only the name is compared.
 */
export const keywordMatch = (keyword: string) => {
  const name = ilike(terminals.name, containing(keyword));
  if (!/^\d+$/.test(keyword)) return name;
  return or(
    like(terminals.ssid, startingWith(keyword)),
    like(sql`reverse(${terminals.ssid})`, startingWith([...keyword].reverse().join(''))),
    name,
  );
};

const inDays = daysFromToday;

/** The voice service's state on today's date. */
const stateMatch = (state: NonNullable<ListFilter['state']>) => {
  const now = today();
  if (state === 'expired') return lt(terminals.voiceExpires, now);
  if (state === 'active') return gte(terminals.voiceExpires, now);
  return and(gte(terminals.voiceExpires, now), lt(terminals.voiceExpires, inDays(30)));
};

/** The columns of a terminal's row of the user list, which its detail starts with too. */
export const summaryColumns = {
  id: terminals.id,
  ssid: terminals.ssid,
  name: terminals.name,
  orgId: terminals.orgId,
  orgName: orgs.name,
  userType: terminals.userType,
  ...expiryColumns,
  createdAt: terminals.createdAt,
};

type SummaryRow = Pick<typeof terminals.$inferSelect, Exclude<keyof typeof summaryColumns, 'orgName'>> & {
  orgName: string;
};

type Head = Pick<SummaryRow, 'id' | 'ssid' | 'name' | 'orgId' | 'orgName' | 'userType'>;

/** Who a terminal is, as every row naming one writes it (the user list, the expiry radar). */
export const headOf = (t: Head) => ({
  id: t.id,
  ssid: t.ssid,
  name: t.name,
  org_id: t.orgId,
  org_name: t.orgName,
  user_type: t.userType,
});

/** A terminal's row of the user list as the contract writes it (`terminalSummary`); its detail's head. */
export const summaryOf = (t: SummaryRow) => ({
  ...headOf(t),
  expiries: expiriesOf(t),
  created_at: t.createdAt.toISOString(),
});

/** A company's terminals, from the counter the terminals' triggers keep (migration 0015). */
export const countTerminalsOfOrg = async (db: Conn, orgId: number) =>
  (
    await db
      .select({ n: sql<number>`${orgCounts.terminals}::int` })
      .from(orgCounts)
      .where(eq(orgCounts.orgId, orgId))
  )[0]?.n ?? 0;

/**
 * A list of one company alone, or an agent's whole list, reads its total from the counters the
 * terminals' triggers keep; a company's only when it is in the caller's scope.
 */
const counterOf = (db: Conn, scope: Scope, f: ListFilter) => {
  if (f.groupId !== undefined) return undefined;
  const { kind, value } = scopeKey(scope);
  const read = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  if (f.orgId !== undefined) {
    const owner =
      kind === 'org'
        ? eq(orgs.id, value as number)
        : eq(kind === 'top' ? orgs.topPath : orgs.agentPath, value as string);
    return read(
      db
        .select({ n: sql<number>`${orgCounts.terminals}::int` })
        .from(orgCounts)
        .innerJoin(orgs, eq(orgs.id, orgCounts.orgId))
        .where(and(eq(orgCounts.orgId, f.orgId), owner)),
    );
  }
  if (kind === 'org') return countTerminalsOfOrg(db, value as number);
  return read(
    db
      .select({ n: sql<number>`${terminalCounts.n}::int` })
      .from(terminalCounts)
      .where(eq(terminalCounts.path, value as string)),
  );
};

/**
 * The user list, newest first. A keyword or a service state may match most of a large fleet, so such a
 * list's total is read, not counted.
 */
const terminalPages = filteredPages({
  table: terminals,
  scope: inScope,
  filters: {
    orgId: (id: number) => eq(terminals.orgId, id),
    groupId: (id: number) =>
      sql`${terminals.id} in (select ${groupMembers.terminalId} from ${groupMembers} where ${groupMembers.groupId} = ${id})`,
    state: stateMatch,
    keyword: keywordMatch,
  } satisfies { [K in keyof ListFilter]-?: unknown },
  order: [{ desc: terminals.id }],
  total: (f: ListFilter) => (f.keyword || f.state ? 'read' : 'counted'),
  counter: (db, scope, f) => (f.keyword || f.state ? undefined : counterOf(db, scope, f)),
  rows: (db, place) =>
    db
      .select({ ...summaryColumns, ...place })
      .from(terminals)
      .innerJoin(orgs, eq(orgs.id, terminals.orgId))
      .$dynamic(),
});

export async function listTerminals(db: Conn, scope: Scope, f: ListFilter, page: number, size: number) {
  const { list, total } = await terminalPages(db, scope, f, page, size);
  return { list: list.map(summaryOf), total };
}

/** Every row of the user list's filter, in its order, a batch at a time (an export). */
export async function* eachTerminal(db: Conn, scope: Scope, f: ListFilter) {
  for await (const row of terminalPages.each(db, scope, f)) yield summaryOf(row);
}

/** The global search's users, oldest first. */
export const searchTerminals = (db: Conn, scope: Scope, keyword: string, limit: number) =>
  db
    .select({ id: terminals.id, name: terminals.name, sub: terminals.ssid })
    .from(terminals)
    .where(and(inScope(scope), keywordMatch(keyword)))
    .orderBy(asc(terminals.id))
    .limit(limit);
