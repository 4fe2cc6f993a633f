import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { withTotal } from '../../db/page-window.ts';
import { agents, orgServers, orgs } from '../../db/schema.ts';
import { containing } from '../../lib/like.ts';

export type NewOrg = typeof orgs.$inferInsert;

export const insertOrg = async (db: Conn, row: NewOrg) => (await db.insert(orgs).values(row).returning())[0];

export const findOrgByAccount = async (db: Conn, account: string) =>
  (await db.select().from(orgs).where(eq(orgs.account, account)).limit(1))[0];

export const findOrgWithAgent = async (db: Conn, id: number) =>
  (
    await db
      .select({ org: orgs, agentName: agents.name })
      .from(orgs)
      .innerJoin(agents, eq(agents.id, orgs.agentId))
      .where(eq(orgs.id, id))
      .limit(1)
  )[0];

export type OrgRow = typeof orgs.$inferSelect;

export const findOrgById = async (db: Conn, id: number) =>
  (await db.select().from(orgs).where(eq(orgs.id, id)).limit(1))[0];

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
const userCount = sql<number>`(select count(*)::int from terminals t where t.org_id = "orgs"."id")`;

const listed = {
  id: orgs.id,
  corg_name: orgs.name,
  contact: orgs.contact,
  account: orgs.account,
  agent_name: sql<string>`(select a.name from agents a where a.id = "orgs"."agent_id")`,
  user_count: userCount,
  createdAt: orgs.createdAt,
};
const newestFirst = [desc(orgs.createdAt), desc(orgs.id)];

/**
 * Companies of one agent, newest first. Without a keyword a page is one statement: its ids from the
 * agent's index alone (a deep page passes over index entries, not rows) and the total counted on the
 * same index.
 */
export async function listOrgs(
  db: Conn,
  agentId: number,
  keyword: string | undefined,
  page: number,
  size: number,
) {
  if (!keyword) {
    const rows = await db
      .select({
        ...listed,
        total: sql<number>`(select count(*) from orgs c where c.agent_id = ${agentId})::int`,
      })
      .from(orgs)
      .where(
        sql`${orgs.id} in (select o.id from orgs o where o.agent_id = ${agentId} order by o.created_at desc, o.id desc limit ${size} offset ${(page - 1) * size})`,
      )
      .orderBy(...newestFirst);
    if (rows.length > 0) return withTotal(rows);
  }
  const where = and(
    eq(orgs.agentId, agentId),
    keyword
      ? or(
          ilike(orgs.name, containing(keyword)),
          ilike(orgs.account, containing(keyword)),
          ilike(orgs.contact, containing(keyword)),
        )
      : undefined,
  );
  const [list, total] = await Promise.all([
    db
      .select(listed)
      .from(orgs)
      .where(where)
      .orderBy(...newestFirst)
      .limit(size)
      .offset((page - 1) * size),
    db.$count(orgs, where),
  ]);
  return { list, total };
}
