import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agents, groups, orgCounts as orgCountsTable, orgs, terminalCounts } from '../../db/schema.ts';

/** Top-level agents' paths are one level (4 characters); a sub-agent's rows carry its path as agent path. */
const isTopLevel = (path: string) => path.length === 4;

/**
 * An agent's four counts in one statement: sub-agents on the parent's index (the hierarchy has two
 * levels, so they are its children), companies and groups on their scope indexes, users from
 * terminal_counts.
 */
export const agentStats = async (db: Conn, agentPath: string) => {
  const top = isTopLevel(agentPath);
  const [row] = await db
    .select({
      agent_count: sql<number>`(select count(*)::int from ${agents} c where c.parent_id = ${agents.id})`,
      org_count: sql<number>`(select count(*)::int from ${orgs} where ${top ? orgs.topPath : orgs.agentPath} = ${agentPath})`,
      group_count: sql<number>`(select count(*)::int from ${groups} where ${top ? groups.topPath : groups.agentPath} = ${agentPath})`,
      user_count: sql<number>`coalesce(${terminalCounts.n}, 0)::int`,
    })
    .from(agents)
    .leftJoin(terminalCounts, eq(terminalCounts.path, agents.path))
    .where(eq(agents.path, agentPath));
  return row ?? none;
};

/** A company's counts in one statement: its groups and its users. */
export const orgStats = async (db: Conn, id: number) =>
  (
    await db
      .select({
        agent_count: sql<number>`0`,
        org_count: sql<number>`0`,
        group_count: sql<number>`(select count(*)::int from ${groups} where ${groups.orgId} = ${id})`,
        user_count: sql<number>`coalesce((select ${orgCountsTable.terminals} from ${orgCountsTable} where ${orgCountsTable.orgId} = ${id}), 0)::int`,
      })
      .from(orgs)
      .where(eq(orgs.id, id))
  )[0] ?? none;

const none = { agent_count: 0, org_count: 0, group_count: 0, user_count: 0 };
