import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { orgKeyword } from '../../db/keywords.ts';
import { filteredPages } from '../../db/page.ts';
import {
  agents,
  fenceRecords,
  fences,
  groups,
  orgServers,
  orgs,
  recordings,
  sosRecords,
  terminalPresence,
  terminals,
} from '../../db/schema.ts';
import { containing } from '../../lib/like.ts';

export type NewOrg = typeof orgs.$inferInsert;

export const insertOrg = async (db: Conn, row: NewOrg) => (await db.insert(orgs).values(row).returning())[0];

export const findOrgByAccount = async (db: Conn, account: string) =>
  (await db.select().from(orgs).where(eq(orgs.account, account)).limit(1))[0];

/** A company and its agent's name (profile/org). */
export const findOrgWithAgent = async (db: Conn, id: number) =>
  (
    await db
      .select({ org: orgs, agentName: agents.name })
      .from(orgs)
      .innerJoin(agents, eq(agents.id, orgs.agentId))
      .where(eq(orgs.id, id))
      .limit(1)
  )[0];

/** A company's agent's name, its groups and its terminals (org/info), in one read. */
export const summaryOf = async (db: Conn, id: number) =>
  (
    await db
      .select({
        agentName: agents.name,
        groupCount: sql<number>`(select count(*)::int from ${groups} g where g.org_id = "orgs"."id")`,
        userCount,
      })
      .from(orgs)
      .innerJoin(agents, eq(agents.id, orgs.agentId))
      .where(eq(orgs.id, id))
  )[0];

export type OrgRow = typeof orgs.$inferSelect;

export const findOrgById = async (db: Conn, id: number) =>
  (await db.select().from(orgs).where(eq(orgs.id, id)).limit(1))[0];

/** A company's row locked for an edit in the caller's transaction (rows referring to it may still be written). */
export const lockOrg = async (tx: Conn, id: number) =>
  (await tx.select().from(orgs).where(eq(orgs.id, id)).for('no key update'))[0];

export const updateOrgRow = async (db: Conn, id: number, set: Partial<NewOrg>) => {
  await db.update(orgs).set(set).where(eq(orgs.id, id));
};

export const deleteOrgRow = (db: Conn, id: number) => db.delete(orgs).where(eq(orgs.id, id));

export const serversOf = (db: Conn, orgId: number) =>
  db
    .select({
      server_type: orgServers.serverType,
      intranet_ip: orgServers.intranetIp,
      intranet_port: orgServers.intranetPort,
    })
    .from(orgServers)
    .where(eq(orgServers.orgId, orgId))
    .orderBy(asc(orgServers.id));

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
  agent_name: agents.name,
  user_count: userCount,
  createdAt: orgs.createdAt,
};

/**
 * Whose companies a list shows: one agent's own (a sub-agent, or a sub-agent seen by its top-level
 * agent), or a top-level agent's with its sub-agents' (as its user and group lists and its home count).
 */
export type OrgOwner = { kind: 'agent'; agentId: number } | { kind: 'top'; path: string };

/** Companies of an owner, newest first, by a part of their name, account or contact. */
const orgPages = filteredPages({
  table: orgs,
  scope: (o: OrgOwner) => (o.kind === 'agent' ? eq(orgs.agentId, o.agentId) : eq(orgs.topPath, o.path)),
  filters: { keyword: (v: string) => orgKeyword(containing(v)) },
  order: [{ desc: orgs.createdAt }, { desc: orgs.id }],
  total: 'counted',
  rows: (db, place) =>
    db
      .select({ ...listed, ...place })
      .from(orgs)
      .innerJoin(agents, eq(agents.id, orgs.agentId))
      .$dynamic(),
});

export const listOrgs = (
  db: Conn,
  owner: OrgOwner,
  keyword: string | undefined,
  page: number,
  size: number,
) => orgPages(db, owner, { keyword }, page, size);

/** Every company of an owner by a part of their name, in the list's order, a batch at a time. */
export const eachOrg = (db: Conn, owner: OrgOwner, keyword: string | undefined) =>
  orgPages.each(db, owner, { keyword });

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
