import { isSubAgentPath } from '@ptt/contract';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { agents, fences, groups, orgs, terminals } from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';

/** An agent strictly below a path (a descendant, not the agent itself); paths hold no LIKE wildcards. */
const agentBelow = prepared((db) =>
  db
    .select()
    .from(agents)
    .where(
      and(
        eq(agents.id, sql.placeholder('id')),
        like(agents.path, sql.placeholder('prefix')),
        ne(agents.path, sql.placeholder('path')),
      ),
    )
    .limit(1)
    .prepare('agent_below'),
);

/** An agent strictly below `path` (a sub-agent of the caller), or nothing. */
export const findAgentBelow = async (db: Conn, path: string, id: number) =>
  (await agentBelow(db).execute({ id, prefix: `${path}%`, path }))[0];

export const findOrg = async (db: Conn, id: number) =>
  (await db.select().from(orgs).where(eq(orgs.id, id)).limit(1))[0];

export const findGroupIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await db
      .select()
      .from(groups)
      .where(
        and(
          eq(groups.id, id),
          'orgId' in scope ? eq(groups.orgId, scope.orgId) : like(groups.agentPath, `${scope.path}%`),
        ),
      )
      .limit(1)
  )[0];

/**
 * Terminals are scoped by equalities on indexed columns: a company's own, a sub-agent's (agents are
 * two levels deep, so its terminals carry its path), or a top-level agent's. The terminal module's
 * lists use the same condition.
 */
const terminalsIn = (scope: Scope) => {
  if ('orgId' in scope) return eq(terminals.orgId, scope.orgId);
  return isSubAgentPath(scope.path) ? eq(terminals.agentPath, scope.path) : eq(terminals.topPath, scope.path);
};

export const findTerminalIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await db
      .select()
      .from(terminals)
      .where(and(eq(terminals.id, id), terminalsIn(scope)))
      .limit(1)
  )[0];

export const findFenceIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await db
      .select()
      .from(fences)
      .where(
        and(
          eq(fences.id, id),
          'orgId' in scope ? eq(fences.orgId, scope.orgId) : like(fences.agentPath, `${scope.path}%`),
        ),
      )
      .limit(1)
  )[0];
