import { type api, CardTypes, Code, isSubAgentPath, type ParsedParamsOf } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, notFound, ruleBroken } from '../../http/errors.ts';
import { pageOf } from '../../http/page.ts';
import type { Change } from '../../http/route.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { edited } from '../audit/service.ts';
import { changeSwitch, switchFields } from '../card/settings.ts';
import { removeAccount } from '../push/service.ts';
import { agentInScope } from '../scope/service.ts';
import { endSessions } from '../session/service.ts';
import * as repo from './repository.ts';
import { cardSwitch, createSubAgent, infoFrom, switchFrom, withCards } from './service.ts';

/** The card-type flags agent/add and agent/updateAgent both carry. */
type SwitchParams = Partial<Record<(typeof CardTypes)[number]['field'], number | undefined>>;

/** Sub-agent management is for top-level agents (SPEC §6). */
export function ensureTopLevel(caller: Caller) {
  if (isSubAgentPath(caller.path)) throw new AppError(Code.forbidden, 'topAgentOnly');
}

/**
 * The caller's own row and, when it is one of the caller's sub-agents, the agent `id`, in one read:
 * what a sale or a recycle starts with. `sub` is undefined for anything out of scope.
 */
export async function selfAndSubAgent(db: Conn, caller: Caller, id: number) {
  const rows = await repo.findSelfAndChild(db, caller.id, id);
  const self = rows.find((r) => r.id === caller.id);
  if (!self) throw notFound();
  return { self, sub: rows.find((r) => r.id === id && r.id !== caller.id) };
}

/** A page of the caller's sub-agents, newest first, and their total. */
export async function list(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.agent.list>) {
  ensureTopLevel(caller);
  const { list, total } = await repo.listSubAgents(db, caller.id, q.keyword, q.page, q.size);
  return pageOf(q, { list, total }, (a) => ({
    id: a.id,
    name: a.name,
    contact: a.contact,
    account: a.account,
    phone: a.phone,
    path: a.path,
    org_count: a.org_count,
    created_at: a.createdAt.toISOString(),
  }));
}

/** A sub-agent of the caller with its cards, or 40401. */
async function childWithCards(db: Conn, caller: Caller, id: number) {
  const agent = await repo.findChildWithCards(db, caller.id, id);
  if (!agent) throw notFound();
  return agent;
}

export async function detail(db: Conn, caller: Caller, id: number) {
  const agent = await childWithCards(db, caller, id);
  return {
    ...infoFrom(agent, agent.cards),
    card_switch: switchFrom(agent, agent.cards),
    parent_name: agent.parentName ?? '',
    org_count: agent.orgCount,
    created_at: agent.createdAt.toISOString(),
  };
}

/** The card types a switch turns on, limited to the ones the caller itself has on. */
async function allowedSwitch(db: Conn, caller: Caller, params: SwitchParams) {
  const mine = await cardSwitch(db, caller.id);
  const flags: Record<number, boolean> = {};
  for (const c of CardTypes) {
    const wanted = params[c.field];
    if (wanted === undefined) continue;
    if (wanted === 1 && mine[c.field] !== 1) throw ruleBroken('cardTypeNotAllowed', { cardType: c.code });
    flags[c.code] = wanted === 1;
  }
  return flags;
}

export async function add(db: Db, change: Change, caller: Caller, p: ParsedParamsOf<typeof api.agent.add>) {
  ensureTopLevel(caller);
  const flags = await allowedSwitch(db, caller, p);
  const agent = await createSubAgent(db, caller.id, p, flags, change);
  return { id: agent.id };
}

/**
 * Writes fields of a sub-agent in `change`: its row locked and checked in scope as it is, the audit
 * keeping the fields that changed.
 */
const editAgent = (change: Change, caller: Caller, id: number, set: Partial<repo.NewAgent>) =>
  change(async (tx, note) => {
    const agent = await agentInScope(tx, caller, id, 'no key update');
    const written = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    await repo.updateAgentRow(tx, id, written);
    note({ targetIds: [id], ...edited(id, agent, written) });
    return null;
  });

export const edit = (
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.agent.modifyingAgentInformation>,
) => editAgent(change, caller, p.id, { name: p.name, contact: p.contact, phone: p.phone, email: p.email });

export const updatePhone = (change: Change, caller: Caller, id: number, phone: string) =>
  editAgent(change, caller, id, { phone });

/**
 * A new password set by the parent ends every session of the sub-agent; its audit row names the
 * sub-agent and keeps no field.
 */
export async function resetPassword(change: Change, caller: Caller, id: number, password: string) {
  const passwordHash = await hashPassword(password);
  return change(async (tx, note) => {
    await agentInScope(tx, caller, id, 'no key update');
    await repo.updateAgentRow(tx, id, { passwordHash });
    await endSessions(tx, 0, id);
    await removeAccount(tx, 0, id);
    note({ targetIds: [id] });
    return null;
  });
}

export async function updateSwitch(
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.agent.updateAgent>,
) {
  return change(async (tx, note) => {
    await agentInScope(tx, caller, p.id);
    const flags = await allowedSwitch(tx, caller, p);
    const was = await changeSwitch(tx, p.id, flags);
    note({ targetIds: [p.id], ...edited(p.id, switchFields(was), switchFields(flags)) });
    return null;
  });
}

/** The caller's own row with its cards (no `id`, or its own), or one of its sub-agents' (40401 otherwise). */
const ownOrChild = (db: Conn, caller: Caller, id?: number) =>
  id === undefined || id === caller.id ? withCards(db, caller.id) : childWithCards(db, caller, id);

/** The caller's own switch, or a sub-agent's. */
export async function switchOf(db: Conn, caller: Caller, id?: number) {
  const agent = await ownOrChild(db, caller, id);
  return switchFrom(agent, agent.cards);
}

export async function cardCount(db: Conn, caller: Caller, id?: number) {
  const agent = await ownOrChild(db, caller, id);
  const info = infoFrom(agent, agent.cards);
  return Object.fromEntries(CardTypes.map((c) => [c.field, info[c.field]])) as Record<
    (typeof CardTypes)[number]['field'],
    number
  >;
}
