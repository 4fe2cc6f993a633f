import { sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agents, groups, orgs, terminalCounts, terminals } from '../../db/schema.ts';

type Stats = { agent_count: number; org_count: number; group_count: number; user_count: number };

const first = async (db: Conn, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Stats[] }).rows[0];

/** An agent's four counts in one statement: sub-agents, companies and groups below it, and its terminals' counter. */
export const agentStats = (db: Conn, path: string) =>
  first(
    db,
    sql`select
      (select count(*)::int from ${agents} where ${agents.path} like ${`${path}%`} and ${agents.path} <> ${path}) as agent_count,
      (select count(*)::int from ${orgs} where ${orgs.agentPath} like ${`${path}%`}) as org_count,
      (select count(*)::int from ${groups} where ${groups.agentPath} like ${`${path}%`}) as group_count,
      coalesce((select ${terminalCounts.n} from ${terminalCounts} where ${terminalCounts.path} = ${path}), 0)::int as user_count`,
  );

/** A company's counts in one statement: its groups and its users. */
export const orgStats = (db: Conn, orgId: number) =>
  first(
    db,
    sql`select 0 as agent_count, 0 as org_count,
      (select count(*)::int from ${groups} where ${groups.orgId} = ${orgId}) as group_count,
      (select count(*)::int from ${terminals} where ${terminals.orgId} = ${orgId}) as user_count`,
  );
