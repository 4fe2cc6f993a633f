import { and, eq, like, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { prepared, preparedBy } from '../../db/prepared.ts';
import { agents, fences, groups, orgs, terminals } from '../../db/schema.ts';
import { type Scope, type ScopeKind, scopeKey } from '../../http/caller.ts';

/**
 * A sub-agent of `parent`, or nothing. Agents have two levels (sub-agents create none), so the agents
 * below a path are its agent's children: compared by the parent's id, the read keeps one plan, where a
 * path prefix was planned on every call.
 */
const subAgent = prepared((db) =>
  db
    .select()
    .from(agents)
    .where(and(eq(agents.id, sql.placeholder('id')), eq(agents.parentId, sql.placeholder('parent'))))
    .limit(1)
    .prepare('sub_agent'),
);

export const findSubAgent = async (db: Conn, parent: number, id: number) =>
  (await subAgent(db).execute({ id, parent }))[0];

const p = sql.placeholder;

const orgById = prepared((db) =>
  db
    .select()
    .from(orgs)
    .where(eq(orgs.id, p('id')))
    .limit(1)
    .prepare('scope_org'),
);

export const findOrg = async (db: Conn, id: number) => (await orgById(db).execute({ id }))[0];

/** A company's own records by their company, an agent's by its path as a prefix. */
type Kind = 'org' | 'path';
const kindOf = (scope: Scope): Kind => ('orgId' in scope ? 'org' : 'path');
const scopeValue = (scope: Scope) => ('orgId' in scope ? scope.orgId : `${scope.path}%`);

/**
 * Terminals and groups are scoped by equalities on indexed columns: a company's own, a sub-agent's
 * (agents are two levels deep, so its companies' rows carry its path), or a top-level agent's (its path
 * is their top path), as `scopeKey` says; the terminal and group modules' lists use the same conditions.
 */
const terminalScope = { org: terminals.orgId, sub: terminals.agentPath, top: terminals.topPath };
const groupScope = { org: groups.orgId, sub: groups.agentPath, top: groups.topPath };

const terminalIn = preparedBy((db, kind: ScopeKind) =>
  db
    .select()
    .from(terminals)
    .where(and(eq(terminals.id, p('id')), eq(terminalScope[kind], p('scope'))))
    .limit(1)
    .prepare(`scope_terminal_${kind}`),
);

const groupIn = preparedBy((db, kind: ScopeKind) =>
  db
    .select()
    .from(groups)
    .where(and(eq(groups.id, p('id')), eq(groupScope[kind], p('scope'))))
    .limit(1)
    .prepare(`scope_group_${kind}`),
);

export async function findTerminalIn(db: Conn, scope: Scope, id: number) {
  const { kind, value } = scopeKey(scope);
  return (await terminalIn(db, kind).execute({ id, scope: value }))[0];
}

export async function findGroupIn(db: Conn, scope: Scope, id: number) {
  const { kind, value } = scopeKey(scope);
  return (await groupIn(db, kind).execute({ id, scope: value }))[0];
}

const fenceIn = preparedBy((db, kind: Kind) =>
  db
    .select()
    .from(fences)
    .where(
      and(
        eq(fences.id, p('id')),
        kind === 'org' ? eq(fences.orgId, p('scope')) : like(fences.agentPath, p('scope')),
      ),
    )
    .limit(1)
    .prepare(`scope_fence_${kind}`),
);

export const findFenceIn = async (db: Conn, scope: Scope, id: number) =>
  (await fenceIn(db, kindOf(scope)).execute({ id, scope: scopeValue(scope) }))[0];
