import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import {
  agents,
  groups,
  orgCounts as orgCountsTable,
  orgs,
  subtreeCounts,
  terminalCounts,
} from '../../db/schema.ts';

/**
 * An agent's four counts in one statement: sub-agents from the parent's index (the hierarchy has two
 * levels, so they are its children), companies and groups from subtree_counts, users from
 * terminal_counts (migrations 0004, 0006).
 */
const agentCounts = (db: Conn, path: string) =>
  db
    .select({
      agent_count: sql<number>`(select count(*)::int from ${agents} c where c.parent_id = "agents"."id")`,
      org_count: sql<number>`coalesce(${subtreeCounts.orgs}, 0)::int`,
      group_count: sql<number>`coalesce(${subtreeCounts.groups}, 0)::int`,
      user_count: sql<number>`coalesce(${terminalCounts.n}, 0)::int`,
    })
    .from(agents)
    .leftJoin(subtreeCounts, eq(subtreeCounts.path, agents.path))
    .leftJoin(terminalCounts, eq(terminalCounts.path, agents.path))
    .where(eq(agents.path, path));

/** A company's counts in one statement: its groups and its users. */
const orgCounts = (db: Conn, orgId: number) =>
  db
    .select({
      agent_count: sql<number>`0`,
      org_count: sql<number>`0`,
      group_count: sql<number>`(select count(*)::int from ${groups} where ${groups.orgId} = ${orgId})`,
      user_count: sql<number>`coalesce((select ${orgCountsTable.terminals} from ${orgCountsTable} where ${orgCountsTable.orgId} = ${orgId}), 0)::int`,
    })
    .from(orgs)
    .where(eq(orgs.id, orgId));

const none = { agent_count: 0, org_count: 0, group_count: 0, user_count: 0 };

export const agentStats = async (db: Conn, agentPath: string) =>
  (await agentCounts(db, agentPath))[0] ?? none;

export const orgStats = async (db: Conn, id: number) => (await orgCounts(db, id))[0] ?? none;
