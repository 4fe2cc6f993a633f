import {
  type api,
  ColumnTitles as C,
  Code,
  isSubAgentPath,
  NoticeType,
  type ParsedParamsOf,
  Role,
  ServiceToggles,
} from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, notFound, ruleBroken } from '../../http/errors.ts';
import { cellsOf, type ExportFile, titlesOf } from '../../http/export.ts';
import { pageOf } from '../../http/page.ts';
import type { Change } from '../../http/route.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { localDateTime } from '../../lib/zoned-time.ts';
import * as agents from '../agent/service.ts';
import { edited } from '../audit/service.ts';
import { orgMoved } from '../live/service.ts';
import * as notices from '../notice/service.ts';
import { removeAccount } from '../push/service.ts';
import { agentInScope, orgInScope } from '../scope/service.ts';
import { endSessions, moveScope } from '../session/service.ts';
import * as terminals from '../terminal/service.ts';
import * as repo from './repository.ts';
import { contactOf, createOrg, recordOf, toggleColumn, togglesOf } from './service.ts';

export async function info(db: Conn, caller: Caller, id?: number) {
  const org = await orgInScope(db, caller, id);
  const [summary, servers] = await Promise.all([repo.summaryOf(db, org.id), repo.serversOf(db, org.id)]);
  return {
    ...contactOf(org),
    address: org.address,
    region: org.region,
    agent_id: org.agentId,
    agent_name: summary?.agentName ?? '',
    toggles: togglesOf(org),
    group_count: summary?.groupCount ?? 0,
    user_count: summary?.userCount ?? 0,
    servers,
    reminder_sms: org.reminderSms,
    created_at: org.createdAt.toISOString(),
  };
}

export const region = async (db: Conn, caller: Caller, id?: number) => ({
  region: (await orgInScope(db, caller, id)).region,
});

/**
 * Writes fields of a company in scope in `change`: the row is locked and checked in scope as it is,
 * and the audit keeps the fields that changed.
 */
const editOrg = (change: Change, caller: Caller, id: number | undefined, set: Partial<repo.NewOrg>) =>
  change(async (tx, note) => {
    const org = await orgInScope(tx, caller, id, 'no key update');
    const written = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    if (Object.keys(written).length > 0) await repo.updateOrgRow(tx, org.id, written);
    note({ targetIds: [org.id], orgIds: [org.id], ...edited(org.id, org, written) });
    return null;
  });

export const updateRegion = (change: Change, caller: Caller, id: number | undefined, value: string) =>
  editOrg(change, caller, id, { region: value });

export const servers = async (db: Conn, caller: Caller, id?: number) =>
  repo.serversOf(db, (await orgInScope(db, caller, id)).id);

export function setToggles(
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.org.setBindingPlatform>,
) {
  const set: Partial<repo.NewOrg> = {};
  for (const t of ServiceToggles) {
    if (p[t] !== undefined) Object.assign(set, { [toggleColumn[t]]: p[t] === 1 });
  }
  return editOrg(change, caller, p.id, set);
}

/** Whether the company's contact gets the daily expiry reminder by SMS. */
export const setReminderSms = (change: Change, caller: Caller, id: number | undefined, enabled: boolean) =>
  editOrg(change, caller, id, { reminderSms: enabled });

export const updateUnit = (change: Change, caller: Caller, p: ParsedParamsOf<typeof api.org.updateUnit>) =>
  editOrg(change, caller, p.id, {
    name: p.name,
    contact: p.contact,
    phone: p.phone,
    email: p.email,
    address: p.address,
  });

/** A new password ends the company's sessions; its audit row names the company and keeps no field. */
export async function resetPassword(change: Change, caller: Caller, id: number, password: string) {
  const passwordHash = await hashPassword(password);
  return change(async (tx, note) => {
    const org = await orgInScope(tx, caller, id, 'no key update');
    await repo.updateOrgRow(tx, org.id, { passwordHash });
    await endSessions(tx, 1, org.id);
    await removeAccount(tx, 1, org.id);
    note({ targetIds: [org.id], orgIds: [org.id] });
    return null;
  });
}

/**
 * A company with users cannot be deleted; its groups, servers and sessions go with it. Its row stays
 * locked from the check to the deletion, so a terminal created meanwhile waits and then finds it gone.
 */
export const remove = (change: Change, caller: Caller, id: number) =>
  change(async (tx, note) => {
    const org = await orgInScope(tx, caller, id, 'update');
    if ((await terminals.countOfOrg(tx, org.id)) > 0) throw ruleBroken('orgHasUsers');
    await endSessions(tx, 1, org.id);
    await removeAccount(tx, 1, org.id);
    await repo.deleteOrgRow(tx, org.id);
    note({ targetIds: [org.id], orgIds: [org.id], before: { [org.id]: recordOf(org) } });
    return null;
  });

export async function add(db: Db, change: Change, caller: Caller, p: ParsedParamsOf<typeof api.org.add>) {
  const org = await createOrg(db, caller.id, p, change);
  return { id: org.id };
}

/**
 * The caller's own list: a top-level agent's holds its sub-agents' companies too, as its home count
 * and its user and group lists do; a sub-agent's holds its own.
 */
const ownerOf = (caller: Caller): repo.OrgOwner =>
  isSubAgentPath(caller.path) ? { kind: 'agent', agentId: caller.id } : { kind: 'top', path: caller.path };

/** Whose companies a list shows: a sub-agent's in scope when one is named, else the caller's. */
const listOwner = async (db: Conn, caller: Caller, id: number | undefined): Promise<repo.OrgOwner> =>
  id !== undefined && id !== caller.id
    ? { kind: 'agent', agentId: (await agentInScope(db, caller, id)).id }
    : ownerOf(caller);

/** The company list's filter as a file. */
export async function exportList(
  db: Conn,
  zone: string,
  caller: Caller,
  q: ParsedParamsOf<typeof api.agent.exportOrgs>,
): Promise<ExportFile> {
  const owner = await listOwner(db, caller, q.id);
  return {
    name: 'companies',
    columns: titlesOf(q.lang, zone, [
      C.company,
      C.contact,
      C.account,
      C.agent,
      C.terminals,
      { time: C.created },
    ]),
    rows: cellsOf(repo.eachOrg(db, owner, q.keyword), (o) => [
      o.corg_name,
      o.contact,
      o.account,
      o.agent_name,
      o.user_count,
      localDateTime(o.createdAt, zone),
    ]),
  };
}

export async function listOf(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.agent.orgs>) {
  const owner = await listOwner(db, caller, q.id);
  const { list, total } = await repo.listOrgs(db, owner, q.keyword, q.page, q.size);
  return pageOf(q, { list, total }, (o) => ({
    id: o.id,
    corg_name: o.corg_name,
    contact: o.contact,
    account: o.account,
    agent_name: o.agent_name,
    user_count: o.user_count,
    created_at: o.createdAt.toISOString(),
  }));
}

/**
 * Change agent (SPEC §3, notice type 8): a top-level agent moves a company of its subtree to itself or
 * to one of its sub-agents, with everything that carries the agent path, in one transaction; the agent
 * losing the company and the agent gaining it each get a notice.
 */
export async function changeAgent(
  db: Db,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.org.changeAgent>,
) {
  if (isSubAgentPath(caller.path)) throw new AppError(Code.forbidden, 'topAgentOnly');
  const org = await orgInScope(db, caller, p.orgId);
  const target =
    p.agentId === caller.id
      ? await agents.findById(db, caller.id)
      : await agentInScope(db, caller, p.agentId);
  if (!target) throw notFound();
  return change(async (tx, note) => {
    // Read again under the lock: a concurrent change of the same company must see this one's result.
    const locked = await repo.lockOrgForMove(tx, org.id);
    if (!locked) throw notFound();
    if (locked.agentId === target.id) throw ruleBroken('orgAlreadyUnderAgent');
    const from = await agents.findById(tx, locked.agentId);
    if (!from) throw notFound();
    await repo.moveOrgRows(tx, locked.id, target.id, target.path);
    await moveScope(tx, Role.org, locked.id, target.path);
    await orgMoved(tx, locked.id);
    const notice = {
      type: NoticeType.changeAgent,
      fromAgentId: from.id,
      fromAgentName: from.name,
      toAgentId: target.id,
      toAgentName: target.name,
      orgName: locked.name,
    };
    // In agent-id order, as the notice counters are kept.
    for (const agentId of [from.id, target.id].sort((a, b) => a - b))
      await notices.record(tx, { agentId, ...notice });
    note({
      targetIds: [locked.id],
      orgIds: [locked.id],
      before: { [locked.id]: { agentId: from.id } },
      after: { [locked.id]: { agentId: target.id } },
    });
    return null;
  });
}
