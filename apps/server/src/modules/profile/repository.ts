import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { agents, groups, orgs, terminalCounts, terminals } from '../../db/schema.ts';

const orgId = sql.placeholder('orgId');

const path = sql.placeholder('path');

/**
 * Rows whose agent path starts with the caller's path, as a range of the column's text_pattern_ops
 * index that a generic plan can use (a `LIKE $1` cannot): base-36 paths sort below '~'.
 */
const underPath = (column: SQLWrapper) => sql`${column} ~>=~ ${path} and ${column} ~<~ (${path} || '~')`;

/**
 * An agent's four counts in one statement: sub-agents from the parent's index (the hierarchy has two
 * levels), companies and groups as index ranges of their paths, users from terminal_counts.
 */
const agentCounts = prepared((db) =>
  db
    .select({
      agent_count: sql<number>`(select count(*)::int from ${agents} c where c.parent_id = "agents"."id")`,
      org_count: sql<number>`(select count(*)::int from ${orgs} where ${underPath(orgs.agentPath)})`,
      group_count: sql<number>`(select count(*)::int from ${groups} where ${underPath(groups.agentPath)})`,
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
  (await agentCounts(db).execute({ path: agentPath }))[0] ?? none;

export const orgStats = async (db: Conn, id: number) =>
  (await orgCounts(db).execute({ orgId: id }))[0] ?? none;
