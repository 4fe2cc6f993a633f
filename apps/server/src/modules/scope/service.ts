import type { Conn } from '../../db/client.ts';
import { type Caller, isOrg, scopeOf } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import * as repo from './repository.ts';

export type { Lock } from './repository.ts';

/**
 * The records a caller may act on (SPEC §6). Each look-up answers a record out of scope like a missing
 * one (40401), so a caller learns nothing of other tenants. This module imports no other module: every
 * module may use it.
 */

/**
 * A sub-agent of the caller. `lock`: the row is locked for the caller's transaction and checked as it
 * is under the lock, for a change that writes back what it read (as in `orgInScope`): 'no key update'
 * for an edit, which lets rows that refer to it be written meanwhile; 'update' for a deletion.
 */
export async function agentInScope(db: Conn, caller: Caller, id: number, lock?: repo.RowLock) {
  const agent = await repo.findSubAgent(db, caller.id, id, lock);
  if (!agent) throw notFound();
  return agent;
}

/**
 * The company a call acts on: a company acts on itself; an agent names one of the companies in its
 * subtree. `lock`: locked for the caller's transaction, its scope checked on the row as locked.
 */
export async function orgInScope(db: Conn, caller: Caller, id?: number, lock?: repo.RowLock) {
  if (isOrg(caller)) {
    if (id !== undefined && id !== caller.id) throw notFound();
    const own = await repo.findOrg(db, caller.id, lock);
    if (!own) throw notFound();
    return own;
  }
  if (id === undefined) throw notFound();
  const org = await repo.findOrg(db, id, lock);
  if (!org?.agentPath.startsWith(caller.path)) throw notFound();
  return org;
}

/**
 * The id of the company a call acts on, for a call that needs nothing else of it: a company's is its
 * own, with nothing to read (its sessions end with it); an agent's is checked as `orgInScope` does.
 */
export async function orgIdInScope(db: Conn, caller: Caller, id?: number) {
  if (!isOrg(caller)) return (await orgInScope(db, caller, id)).id;
  if (id !== undefined && id !== caller.id) throw notFound();
  return caller.id;
}

/**
 * A group, terminal or fence in scope; with `lock`, held until the transaction ends (a change locks
 * terminals before the group or fence they belong to).
 */
export async function groupInScope(db: Conn, caller: Caller, id: number, lock?: repo.Lock) {
  const g = await repo.findGroupIn(db, scopeOf(caller), id, lock);
  if (!g) throw notFound();
  return g;
}

export async function terminalInScope(db: Conn, caller: Caller, id: number, lock?: repo.Lock) {
  const t = await repo.findTerminalIn(db, scopeOf(caller), id, lock);
  if (!t) throw notFound();
  return t;
}

export async function fenceInScope(db: Conn, caller: Caller, id: number, lock?: repo.Lock) {
  const f = await repo.findFenceIn(db, scopeOf(caller), id, lock);
  if (!f) throw notFound();
  return f;
}
