import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { orgKeyword } from '../../db/keywords.ts';
import { nameByRef, windowParam } from '../../db/page.ts';
import { anyPattern, prepared, preparedBy, withTotal } from '../../db/prepared.ts';
import {
  agents,
  fenceRecords,
  fences,
  groups,
  orgServers,
  orgs,
  recordings,
  sosRecords,
  subtreeCounts,
  terminalPresence,
  terminals,
} from '../../db/schema.ts';
import { containing } from '../../lib/like.ts';

export type NewOrg = typeof orgs.$inferInsert;

export const insertOrg = async (db: Conn, row: NewOrg) => (await db.insert(orgs).values(row).returning())[0];

export const findOrgByAccount = async (db: Conn, account: string) =>
  (await db.select().from(orgs).where(eq(orgs.account, account)).limit(1))[0];

const orgWithAgent = prepared((db) =>
  db
    .select({ org: orgs, agentName: agents.name })
    .from(orgs)
    .innerJoin(agents, eq(agents.id, orgs.agentId))
    .where(eq(orgs.id, sql.placeholder('id')))
    .limit(1)
    .prepare('org_with_agent'),
);

/** A company and its agent's name (profile/org). */
export const findOrgWithAgent = async (db: Conn, id: number) => (await orgWithAgent(db).execute({ id }))[0];

const orgSummary = prepared((db) =>
  db
    .select({
      agentName: nameByRef(agents, 'orgs', 'agent_id'),
      groupCount: sql<number>`(select count(*)::int from ${groups} g where g.org_id = "orgs"."id")`,
      userCount,
    })
    .from(orgs)
    .where(eq(orgs.id, sql.placeholder('id')))
    .prepare('org_summary'),
);

/** A company's agent's name, its groups and its terminals (org/info), in one read. */
export const summaryOf = async (db: Conn, id: number) => (await orgSummary(db).execute({ id }))[0];

export type OrgRow = typeof orgs.$inferSelect;

export const findOrgById = async (db: Conn, id: number) =>
  (await db.select().from(orgs).where(eq(orgs.id, id)).limit(1))[0];

export const updateOrgRow = async (db: Conn, id: number, set: Partial<NewOrg>) => {
  await db.update(orgs).set(set).where(eq(orgs.id, id));
};

export const deleteOrgRow = (db: Conn, id: number) => db.delete(orgs).where(eq(orgs.id, id));

const serversOfOrg = prepared((db) =>
  db
    .select({
      server_type: orgServers.serverType,
      intranet_ip: orgServers.intranetIp,
      intranet_port: orgServers.intranetPort,
    })
    .from(orgServers)
    .where(eq(orgServers.orgId, sql.placeholder('orgId')))
    .orderBy(asc(orgServers.id))
    .prepare('org_servers'),
);

export const serversOf = (db: Conn, orgId: number) => serversOfOrg(db).execute({ orgId });

export const replaceServer = async (db: Conn, orgId: number, type: string, ip: string, port: number) => {
  await db.delete(orgServers).where(and(eq(orgServers.orgId, orgId), eq(orgServers.serverType, type)));
  await db.insert(orgServers).values({ orgId, serverType: type, intranetIp: ip, intranetPort: port });
};

// Qualified by hand: inside a subquery an unqualified "id" would bind to the inner table.
const userCount = sql<number>`coalesce((select oc.terminals from org_counts oc where oc.org_id = "orgs"."id"), 0)::int`;

const listed = {
  id: orgs.id,
  corg_name: orgs.name,
  contact: orgs.contact,
  account: orgs.account,
  agent_name: nameByRef(agents, 'orgs', 'agent_id'),
  user_count: userCount,
  createdAt: orgs.createdAt,
};
const newestFirst = [desc(orgs.createdAt), desc(orgs.id)];

/**
 * Whose companies a list shows: one agent's own (a sub-agent, or a sub-agent seen by its top-level
 * agent), or a top-level agent's with its sub-agents' (as its user and group lists and its home count).
 */
export type OrgOwner = { kind: 'agent'; agentId: number } | { kind: 'top'; path: string };
type OwnerKind = OrgOwner['kind'];
const ownerValue = (o: OrgOwner) => (o.kind === 'agent' ? o.agentId : o.path);

/** The values of the list's statements. */
const param = {
  owner: sql.placeholder('owner'),
  pattern: sql.placeholder('pattern'),
};

/** The owner's companies, each kind on its own index, and with a keyword those whose name, account or contact contain it. */
const ofOwner = (kind: OwnerKind, keyword: boolean) =>
  and(
    kind === 'agent' ? eq(orgs.agentId, param.owner) : eq(orgs.topPath, param.owner),
    keyword ? orgKeyword(param.pattern) : undefined,
  );

/** A list's total without a keyword: counted on the agent's index, or the top-level agent's home count. */
const totalOf = (kind: OwnerKind) =>
  kind === 'agent'
    ? sql<number>`(select count(*) from orgs c where c.agent_id = ${param.owner})::int`
    : sql<number>`coalesce((select s.orgs from ${subtreeCounts} s where s.path = ${param.owner}), 0)::int`;

/**
 * A page of an owner's companies without a keyword, in one statement: its ids from the owner's index
 * alone (a deep page passes over index entries, not rows) and the total.
 */
const pageOf = preparedBy((db, kind: OwnerKind) => {
  const ids = db
    .select({ id: orgs.id })
    .from(orgs)
    .where(ofOwner(kind, false))
    .orderBy(...newestFirst)
    .limit(windowParam('limit'))
    .offset(windowParam('offset'));
  return db
    .select({ ...listed, total: totalOf(kind) })
    .from(orgs)
    .where(sql`${orgs.id} = any(array(${ids}))`)
    .orderBy(...newestFirst)
    .prepare(`org_page_${kind}`);
});

const keywordPage = preparedBy((db, kind: OwnerKind) =>
  db
    .select(listed)
    .from(orgs)
    .where(ofOwner(kind, true))
    .orderBy(...newestFirst)
    .limit(windowParam('limit'))
    .offset(windowParam('offset'))
    .prepare(anyPattern(`org_page_keyword_${kind}`)),
);

/** How many companies a keyword finds, or the total of a page past the last. */
const count = preparedBy((db, key: `${OwnerKind}_${boolean}`) => {
  const [kind, keyword] = key.split('_') as [OwnerKind, string];
  return keyword === 'true'
    ? db
        .select({ n: sql<number>`count(*)::int` })
        .from(orgs)
        .where(ofOwner(kind, true))
        .prepare(anyPattern(`org_count_keyword_${kind}`))
    : db
        .select({ n: totalOf(kind) })
        .from(sql`(select 1) one`)
        .prepare(`org_count_${kind}`);
});

/** Companies of an owner, newest first, and how many the filter finds. */
export async function listOrgs(
  db: Conn,
  owner: OrgOwner,
  keyword: string | undefined,
  page: number,
  size: number,
) {
  const window = { owner: ownerValue(owner), limit: size, offset: (page - 1) * size };
  if (!keyword) {
    const rows = await pageOf(db, owner.kind).execute(window);
    if (rows.length > 0) return withTotal(rows);
    // Past the last page: no row carries the total.
    return { list: [], total: (await count(db, `${owner.kind}_false`).execute(window))[0].n };
  }
  const pattern = containing(keyword);
  const [list, [counted]] = await Promise.all([
    keywordPage(db, owner.kind).execute({ ...window, pattern }),
    count(db, `${owner.kind}_true`).execute({ owner: window.owner, pattern }),
  ]);
  return { list, total: counted.n };
}

/**
 * Locks a company that is changing agent and then its terminals in id order, the order every multi-row
 * terminal write takes, so a concurrent renewal, deletion or move queues behind the change. The row lock
 * on the company also holds back inserts that reference it (their foreign-key check) until the move ends.
 */
export async function lockOrgForMove(db: Conn, id: number) {
  const [org] = await db.select().from(orgs).where(eq(orgs.id, id)).for('update');
  if (org) {
    await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(eq(terminals.orgId, id))
      .orderBy(asc(terminals.id))
      .for('update');
  }
  return org;
}

/**
 * Rewrites a company's agent and every row that carries its agent path: the company, its terminals,
 * groups and fences, and the records kept with the company they happened in (SOS, fence records,
 * recordings, positions). Counters on terminals, companies and groups follow by their triggers.
 */
export async function moveOrgRows(db: Conn, orgId: number, agentId: number, agentPath: string) {
  await db.update(orgs).set({ agentId, agentPath }).where(eq(orgs.id, orgId));
  await db.update(terminals).set({ agentPath }).where(eq(terminals.orgId, orgId));
  await db.update(groups).set({ agentPath }).where(eq(groups.orgId, orgId));
  await db.update(fences).set({ agentPath }).where(eq(fences.orgId, orgId));
  await db.update(fenceRecords).set({ agentPath }).where(eq(fenceRecords.orgId, orgId));
  await db.update(sosRecords).set({ agentPath }).where(eq(sosRecords.orgId, orgId));
  await db.update(recordings).set({ agentPath }).where(eq(recordings.orgId, orgId));
  // Presence names the path its offline events go to; positions are read by company and stay as they are.
  await db.update(terminalPresence).set({ agentPath }).where(eq(terminalPresence.orgId, orgId));
}
