import { and, asc, desc, eq } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agentKeyword, groupKeyword, orgKeyword } from '../../db/keywords.ts';
import { agents, groups, orgs } from '../../db/schema.ts';
import type { ScopeKind } from '../../http/caller.ts';
import { containing } from '../../lib/like.ts';

/** A hit of the global search: what it found, and a line under it (an account, a company's name). */
export interface Hit {
  id: number;
  name: string;
  sub: string;
}

/** Which kinds of hit a search reads here; its users are the terminal module's. */
export interface Kinds {
  agents: boolean;
  orgs: boolean;
  groups: boolean;
}

/**
 * A top-level agent's sub-agents, an agent's companies (a top-level agent's with its sub-agents') and the
 * caller's groups that match a keyword, each its first page in its list's order.
 */
export async function findHits(
  db: Conn,
  caller: { kind: ScopeKind; id: number; path: string },
  kinds: Kinds,
  keyword: string,
  limit: number,
): Promise<{ agents: Hit[]; orgs: Hit[]; groups: Hit[] }> {
  const pattern = containing(keyword);
  const none = Promise.resolve([] as Hit[]);
  const agentHits = () =>
    db
      .select({ id: agents.id, name: agents.name, sub: agents.account })
      .from(agents)
      .where(and(eq(agents.parentId, caller.id), agentKeyword(pattern)))
      .orderBy(desc(agents.createdAt), desc(agents.id))
      .limit(limit);
  // Companies are read for agents only: a sub-agent's own, a top-level agent's by its path.
  const orgHits = () =>
    db
      .select({ id: orgs.id, name: orgs.name, sub: orgs.account })
      .from(orgs)
      .where(
        and(
          caller.kind === 'sub' ? eq(orgs.agentId, caller.id) : eq(orgs.topPath, caller.path),
          orgKeyword(pattern),
        ),
      )
      .orderBy(desc(orgs.createdAt), desc(orgs.id))
      .limit(limit);
  const groupScope = {
    org: eq(groups.orgId, caller.id),
    sub: eq(groups.agentPath, caller.path),
    top: eq(groups.topPath, caller.path),
  };
  const groupHits = () =>
    db
      .select({ id: groups.id, name: groups.name, sub: orgs.name })
      .from(groups)
      .innerJoin(orgs, eq(orgs.id, groups.orgId))
      .where(and(groupScope[caller.kind], groupKeyword(pattern)))
      .orderBy(asc(groups.name), asc(groups.id))
      .limit(limit);
  const [a, o, g] = await Promise.all([
    kinds.agents ? agentHits() : none,
    kinds.orgs ? orgHits() : none,
    kinds.groups ? groupHits() : none,
  ]);
  return { agents: a, orgs: o, groups: g };
}
