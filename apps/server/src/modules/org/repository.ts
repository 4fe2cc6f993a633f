import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { prepared, preparedBy, withTotal } from '../../db/prepared.ts';
import { agents, orgServers, orgs } from '../../db/schema.ts';
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

/** A company and its agent's name (org/info, profile/org). */
export const findOrgWithAgent = async (db: Conn, id: number) => (await orgWithAgent(db).execute({ id }))[0];

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
  agent_name: sql<string>`(select a.name from agents a where a.id = "orgs"."agent_id")`,
  user_count: userCount,
  createdAt: orgs.createdAt,
};
const newestFirst = [desc(orgs.createdAt), desc(orgs.id)];

/** The values of the list's statements. */
const param = {
  agentId: sql.placeholder('agentId'),
  pattern: sql.placeholder('pattern'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** The agent's companies, and with a keyword those whose name, account or contact contain it. */
const ofAgent = (keyword: boolean) =>
  and(
    eq(orgs.agentId, param.agentId),
    keyword
      ? or(
          ilike(orgs.name, param.pattern),
          ilike(orgs.account, param.pattern),
          ilike(orgs.contact, param.pattern),
        )
      : undefined,
  );

/**
 * A page of an agent's companies without a keyword, in one statement: its ids from the agent's index
 * alone (a deep page passes over index entries, not rows) and the total counted on the same index.
 */
const pageOf = prepared((db) =>
  db
    .select({
      ...listed,
      total: sql<number>`(select count(*) from orgs c where c.agent_id = ${param.agentId})::int`,
    })
    .from(orgs)
    .where(
      sql`${orgs.id} in (select o.id from orgs o where o.agent_id = ${param.agentId} order by o.created_at desc, o.id desc limit ${param.limit} offset ${param.offset})`,
    )
    .orderBy(...newestFirst)
    .prepare('org_page'),
);

const keywordPage = prepared((db) =>
  db
    .select(listed)
    .from(orgs)
    .where(ofAgent(true))
    .orderBy(...newestFirst)
    .limit(param.limit)
    .offset(param.offset)
    .prepare('org_page_keyword'),
);

/** How many companies a page's filter finds: one statement with a keyword, one without. */
const count = preparedBy((db, keyword: boolean) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(orgs)
    .where(ofAgent(keyword))
    .prepare(keyword ? 'org_count_keyword' : 'org_count'),
);

/** Companies of one agent, newest first, and how many the filter finds. */
export async function listOrgs(
  db: Conn,
  agentId: number,
  keyword: string | undefined,
  page: number,
  size: number,
) {
  const window = { agentId, limit: size, offset: (page - 1) * size };
  if (!keyword) {
    const rows = await pageOf(db).execute(window);
    if (rows.length > 0) return withTotal(rows);
    // Past the last page: no row carries the total.
    return { list: [], total: (await count(db, false).execute({ agentId }))[0].n };
  }
  const pattern = containing(keyword);
  const [list, [counted]] = await Promise.all([
    keywordPage(db).execute({ ...window, pattern }),
    count(db, true).execute({ agentId, pattern }),
  ]);
  return { list, total: counted.n };
}

/** The newest companies whose name, account or contact contain a keyword, uncounted (the global search). */
export const searchOrgs = (db: Conn, agentId: number, keyword: string, limit: number) =>
  keywordPage(db).execute({ agentId, pattern: containing(keyword), limit, offset: 0 });
