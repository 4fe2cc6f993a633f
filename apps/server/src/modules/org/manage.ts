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
import { hashPassword } from '../../lib/crypto.ts';
import { localDateTime } from '../../lib/zoned-time.ts';
import * as agents from '../agent/service.ts';
import { orgMoved } from '../live/service.ts';
import * as notices from '../notice/service.ts';
import { removeAccount } from '../push/service.ts';
import { agentInScope, orgInScope } from '../scope/service.ts';
import { endSessions, moveScope } from '../session/service.ts';
import * as terminals from '../terminal/service.ts';
import * as repo from './repository.ts';
import { createOrg, toggleColumn, togglesOf } from './service.ts';

export async function info(db: Conn, caller: Caller, id?: number) {
  const org = await orgInScope(db, caller, id);
  const [summary, servers] = await Promise.all([repo.summaryOf(db, org.id), repo.serversOf(db, org.id)]);
  return {
    id: org.id,
    corg_name: org.name,
    contact: org.contact,
    account: org.account,
    phone: org.phone,
    email: org.email,
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

export async function updateRegion(db: Conn, caller: Caller, id: number | undefined, value: string) {
  const org = await orgInScope(db, caller, id);
  await repo.updateOrgRow(db, org.id, { region: value });
  return null;
}

export const servers = async (db: Conn, caller: Caller, id?: number) =>
  repo.serversOf(db, (await orgInScope(db, caller, id)).id);

export async function setToggles(
  db: Conn,
  caller: Caller,
  p: ParsedParamsOf<typeof api.org.setBindingPlatform>,
) {
  const org = await orgInScope(db, caller, p.id);
  const set: Partial<repo.NewOrg> = {};
  for (const t of ServiceToggles) {
    if (p[t] !== undefined) Object.assign(set, { [toggleColumn[t]]: p[t] === 1 });
  }
  if (Object.keys(set).length > 0) await repo.updateOrgRow(db, org.id, set);
  return null;
}

/** Whether the company's contact gets the daily expiry reminder by SMS. */
export async function setReminderSms(db: Conn, caller: Caller, id: number | undefined, enabled: boolean) {
  const org = await orgInScope(db, caller, id);
  await repo.updateOrgRow(db, org.id, { reminderSms: enabled });
  return null;
}

export async function updateUnit(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.org.updateUnit>) {
  const org = await orgInScope(db, caller, p.id);
  await repo.updateOrgRow(db, org.id, {
    name: p.name,
    contact: p.contact,
    ...(p.phone !== undefined ? { phone: p.phone } : {}),
    ...(p.email !== undefined ? { email: p.email } : {}),
    ...(p.address !== undefined ? { address: p.address } : {}),
  });
  return null;
}

export async function resetPassword(db: Db, caller: Caller, id: number, password: string) {
  const org = await orgInScope(db, caller, id);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await repo.updateOrgRow(tx, org.id, { passwordHash });
    await endSessions(tx, 1, org.id);
    await removeAccount(tx, 1, org.id);
  });
  return null;
}

/** A company with users cannot be deleted; its groups, servers and sessions go with it. */
export async function remove(db: Db, caller: Caller, id: number) {
  const org = await orgInScope(db, caller, id);
  await db.transaction(async (tx) => {
    if ((await terminals.countOfOrg(tx, org.id)) > 0) throw ruleBroken('orgHasUsers');
    await endSessions(tx, 1, org.id);
    await removeAccount(tx, 1, org.id);
    await repo.deleteOrgRow(tx, org.id);
  });
  return null;
}

export async function add(db: Db, caller: Caller, p: ParsedParamsOf<typeof api.org.add>) {
  const org = await createOrg(db, caller.id, p);
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
  return {
    list: list.map((o) => ({
      id: o.id,
      corg_name: o.corg_name,
      contact: o.contact,
      account: o.account,
      agent_name: o.agent_name,
      user_count: o.user_count,
      created_at: o.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

/**
 * Change agent (SPEC §3, notice type 8): a top-level agent moves a company of its subtree to itself or
 * to one of its sub-agents, with everything that carries the agent path, in one transaction; the agent
 * losing the company and the agent gaining it each get a notice.
 */
export async function changeAgent(db: Db, caller: Caller, p: ParsedParamsOf<typeof api.org.changeAgent>) {
  if (isSubAgentPath(caller.path)) throw new AppError(Code.forbidden, 'topAgentOnly');
  const org = await orgInScope(db, caller, p.orgId);
  const target =
    p.agentId === caller.id
      ? await agents.findById(db, caller.id)
      : await agentInScope(db, caller, p.agentId);
  if (!target) throw notFound();
  return db.transaction(async (tx) => {
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
    return null;
  });
}
