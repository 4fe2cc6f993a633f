import { type ServiceToggle, ServiceToggles } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { hashPassword, newOpenid } from '../../lib/crypto.ts';
import { unlessTaken } from '../../lib/unique.ts';
import * as agents from '../agent/service.ts';
import * as repo from './repository.ts';

/** The column of each service toggle of a company. */
export const toggleColumn: Record<ServiceToggle, keyof repo.OrgRow> = {
  binding_platform: 'bindingPlatform',
  member_display: 'memberDisplay',
  noise_reduction: 'noiseReduction',
  user_intercom: 'userIntercom',
  company_dispatcher: 'companyDispatcher',
  gps: 'gps',
  single_call: 'singleCall',
};

/** A company's service toggles, 1 on and 0 off (org/info, and a terminal's login answer). */
export const togglesOf = (org: repo.OrgRow) =>
  Object.fromEntries(ServiceToggles.map((t) => [t, org[toggleColumn[t]] ? 1 : 0])) as Record<
    ServiceToggle,
    0 | 1
  >;

/** A new company: org/add's parameters, or the operator CLI's and the demo seed's (no contact needed). */
export interface OrgInput {
  name: string;
  contact?: string;
  account: string;
  password: string;
  phone?: string;
  region?: string;
}

export async function createOrg(db: Db, agentId: number, input: OrgInput) {
  return unlessTaken(
    () => insertOrg(db, agentId, input),
    () => conflict('accountTaken'),
  );
}

const insertOrg = (db: Db, agentId: number, input: OrgInput) =>
  db.transaction(async (tx) => {
    const agent = await agents.findById(tx, agentId);
    if (!agent) throw notFound();
    if (await repo.findOrgByAccount(tx, input.account)) throw conflict('accountTaken');
    return repo.insertOrg(tx, {
      agentId,
      agentPath: agent.path,
      name: input.name,
      contact: input.contact ?? '',
      account: input.account,
      passwordHash: await hashPassword(input.password),
      openid: newOpenid(),
      phone: input.phone ?? '',
      region: input.region ?? '',
    });
  });

export const findByAccount = (db: Conn, account: string) => repo.findOrgByAccount(db, account);
export const findById = (db: Conn, id: number) => repo.findOrgById(db, id);

/** What a company may change on its own row (profile, password); its name and agent are not here. */
export type OwnFields = Partial<
  Pick<repo.NewOrg, 'contact' | 'area' | 'address' | 'phone' | 'email' | 'passwordHash'>
>;
export const updateOwn = (db: Conn, id: number, set: OwnFields) => repo.updateOrgRow(db, id, set);

/** orginfo (SPEC §3). */
export async function orgInfo(db: Conn, id: number) {
  const row = await repo.findOrgWithAgent(db, id);
  if (!row) throw notFound();
  const { org, agentName } = row;
  return {
    id: org.id,
    corg_name: org.name,
    contact: org.contact,
    account: org.account,
    phone: org.phone,
    email: org.email,
    area: org.area,
    address: org.address,
    agent_name: agentName,
  };
}

/** Operator only (CLI, demo): one server of a type per company; server_type enclosure is the fence server. */
export const setServer = (db: Conn, orgId: number, type: string, ip: string, port: number) =>
  repo.replaceServer(db, orgId, type, ip, port);
