import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { agentKeyword, groupKeyword, orgKeyword } from '../../db/keywords.ts';
import { nameByRef, windowParam } from '../../db/page.ts';
import { anyPattern, preparedBy } from '../../db/prepared.ts';
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

const p = {
  id: sql.placeholder('id'),
  path: sql.placeholder('path'),
  pattern: sql.placeholder('pattern'),
};

/**
 * The hits of one kind as a JSON array: `rows` is the kind's ordered, limited read (its columns keep
 * their names), `sub` the hit's second line and `order` the kind's order again.
 */
const hitsOf = (rows: SQL, sub: SQL, order: SQL) =>
  jsonRows<Hit>({ id: sql`h.id`, name: sql`h.name`, sub }, sql`${rows} h`, order);

/**
 * A top-level agent's sub-agents, an agent's companies (a top-level agent's with its sub-agents') and the
 * caller's groups that match a keyword, each its first page in its list's order, read in one statement:
 * each kind read apart cost a round trip and a pooled connection of its own for a few rows or none.
 */
const hitsStatement = preparedBy((db, key: string) => {
  const { kind, kinds } = JSON.parse(key) as { kind: ScopeKind; kinds: Kinds };
  const newest = sql`h.created_at desc, h.id desc`;
  const agentHits = () =>
    hitsOf(
      sql`(${db
        .select({ id: agents.id, name: agents.name, account: agents.account, createdAt: agents.createdAt })
        .from(agents)
        .where(and(eq(agents.parentId, p.id), agentKeyword(p.pattern)))
        .orderBy(desc(agents.createdAt), desc(agents.id))
        .limit(windowParam('limit'))})`,
      sql`h.account`,
      newest,
    );
  // Companies are read for agents only: a sub-agent's own, a top-level agent's by its path.
  const orgHits = () =>
    hitsOf(
      sql`(${db
        .select({ id: orgs.id, name: orgs.name, account: orgs.account, createdAt: orgs.createdAt })
        .from(orgs)
        .where(and(kind === 'sub' ? eq(orgs.agentId, p.id) : eq(orgs.topPath, p.path), orgKeyword(p.pattern)))
        .orderBy(desc(orgs.createdAt), desc(orgs.id))
        .limit(windowParam('limit'))})`,
      sql`h.account`,
      newest,
    );
  const groupScope = {
    org: eq(groups.orgId, p.id),
    sub: eq(groups.agentPath, p.path),
    top: eq(groups.topPath, p.path),
  };
  const groupHits = () =>
    hitsOf(
      sql`(${db
        .select({ id: groups.id, name: groups.name, orgId: groups.orgId })
        .from(groups)
        .where(and(groupScope[kind], groupKeyword(p.pattern)))
        .orderBy(asc(groups.name), asc(groups.id))
        .limit(windowParam('limit'))})`,
      nameByRef(orgs, 'h', 'org_id'),
      sql`h.name, h.id`,
    );
  const none = sql`'[]'::json`;
  return db
    .select({
      agents: kinds.agents ? agentHits() : none,
      orgs: kinds.orgs ? orgHits() : none,
      groups: kinds.groups ? groupHits() : none,
    })
    .from(sql`(select 1) one`)
    .prepare(anyPattern(`search_hits_${kind}_${+kinds.agents}${+kinds.orgs}${+kinds.groups}`));
});

/** The hits of the kinds wanted for a keyword within the caller's scope, `limit` of each at most. */
export async function findHits(
  db: Conn,
  caller: { kind: ScopeKind; id: number; path: string },
  kinds: Kinds,
  keyword: string,
  limit: number,
) {
  const [row] = await hitsStatement(db, JSON.stringify({ kind: caller.kind, kinds })).execute({
    id: caller.id,
    path: caller.path,
    pattern: containing(keyword),
    limit,
  });
  return row as { agents: Hit[]; orgs: Hit[]; groups: Hit[] };
}
