import { and, eq, like } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agents, fences, groups, orgs, terminals } from '../../db/schema.ts';
import { type Scope, scopeKey } from '../../http/caller.ts';

/**
 * A sub-agent of `parent`, or nothing. Agents have two levels (sub-agents create none), so the agents
 * below a path are its agent's children.
 */
/** How a change locks the row it reads: 'update' when it deletes it, else 'no key update'. */
export type RowLock = 'update' | 'no key update';

export const findSubAgent = async (db: Conn, parent: number, id: number, lock?: RowLock) => {
  const q = db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.parentId, parent)))
    .limit(1);
  return (await (lock ? q.for(lock) : q))[0];
};

export const findOrg = async (db: Conn, id: number, lock?: RowLock) => {
  const q = db.select().from(orgs).where(eq(orgs.id, id)).limit(1);
  return (await (lock ? q.for(lock) : q))[0];
};

/**
 * Terminals and groups are scoped by equalities on indexed columns: a company's own, a sub-agent's
 * (agents are two levels deep, so its companies' rows carry its path), or a top-level agent's (its path
 * is their top path), as `scopeKey` says; the terminal and group modules' lists use the same conditions.
 */
const terminalScope = { org: terminals.orgId, sub: terminals.agentPath, top: terminals.topPath };
const groupScope = { org: groups.orgId, sub: groups.agentPath, top: groups.topPath };

/**
 * How a look-up holds the row it finds until the transaction ends, for a change that reads it and writes
 * back (`update`), keeps its company (`share`) or keeps it from being deleted (`key share`).
 */
export type Lock = 'update' | 'share' | 'key share';

/** The first row a look-up finds, held as `lock` says when it has one. */
const first = async <T>(q: { for: (l: Lock) => PromiseLike<T[]> } & PromiseLike<T[]>, lock?: Lock) =>
  (await (lock ? q.for(lock) : q))[0];

export const findTerminalIn = (db: Conn, scope: Scope, id: number, lock?: Lock) => {
  const { kind, value } = scopeKey(scope);
  return first(
    db
      .select()
      .from(terminals)
      .where(and(eq(terminals.id, id), eq(terminalScope[kind], value)))
      .limit(1),
    lock,
  );
};

export const findGroupIn = (db: Conn, scope: Scope, id: number, lock?: Lock) => {
  const { kind, value } = scopeKey(scope);
  return first(
    db
      .select()
      .from(groups)
      .where(and(eq(groups.id, id), eq(groupScope[kind], value)))
      .limit(1),
    lock,
  );
};

/** A company's own fences by their company, an agent's by its path as a prefix. */
export const findFenceIn = (db: Conn, scope: Scope, id: number, lock?: Lock) =>
  first(
    db
      .select()
      .from(fences)
      .where(
        and(
          eq(fences.id, id),
          'orgId' in scope ? eq(fences.orgId, scope.orgId) : like(fences.agentPath, `${scope.path}%`),
        ),
      )
      .limit(1),
    lock,
  );
