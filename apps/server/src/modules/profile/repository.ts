import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { agents, groups, orgs, terminalCounts, terminals } from '../../db/schema.ts';

const prefix = sql.placeholder('prefix');
const path = sql.placeholder('path');
const orgId = sql.placeholder('orgId');

/** An agent's four counts in one statement: sub-agents, companies and groups below it, and its terminals' counter. */
const agentCounts = prepared((db) =>
  db
    .select({
      agent_count: sql<number>`(select count(*)::int from ${agents} where ${agents.path} like ${prefix} and ${agents.path} <> ${path})`,
      org_count: sql<number>`(select count(*)::int from ${orgs} where ${orgs.agentPath} like ${prefix})`,
      group_count: sql<number>`(select count(*)::int from ${groups} where ${groups.agentPath} like ${prefix})`,
      user_count: sql<number>`coalesce((select ${terminalCounts.n} from ${terminalCounts} where ${terminalCounts.path} = ${path}), 0)::int`,
    })
    .from(agents)
    .where(eq(agents.path, path))
    .prepare('agent_stats'),
);

/** A company's counts in one statement: its groups and its users. */
const orgCounts = prepared((db) =>
  db
    .select({
      agent_count: sql<number>`0`,
      org_count: sql<number>`0`,
      group_count: sql<number>`(select count(*)::int from ${groups} where ${groups.orgId} = ${orgId})`,
      user_count: sql<number>`(select count(*)::int from ${terminals} where ${terminals.orgId} = ${orgId})`,
    })
    .from(orgs)
    .where(eq(orgs.id, orgId))
    .prepare('org_stats'),
);

const none = { agent_count: 0, org_count: 0, group_count: 0, user_count: 0 };

export const agentStats = async (db: Conn, agentPath: string) =>
  (await agentCounts(db).execute({ path: agentPath, prefix: `${agentPath}%` }))[0] ?? none;

export const orgStats = async (db: Conn, id: number) =>
  (await orgCounts(db).execute({ orgId: id }))[0] ?? none;
