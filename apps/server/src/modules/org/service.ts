import { type ServiceToggle, ServiceToggles } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { plainChange } from '../../http/route.ts';
import { newAccount } from '../../lib/crypto.ts';
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

/** What an audit row keeps of a company it created or deleted: who it is, never its secrets. */
export const recordOf = (org: repo.OrgRow) => ({
  name: org.name,
  account: org.account,
  contact: org.contact,
  phone: org.phone,
  email: org.email,
  address: org.address,
  region: org.region,
  agentId: org.agentId,
});

/**
 * A new company under an agent, in `change` (org/add's, which records it; a transaction of its own
 * for the CLI and the seed).
 */
export async function createOrg(db: Conn, agentId: number, input: OrgInput, change = plainChange(db)) {
  return unlessTaken(
    () =>
      change(async (tx, note) => {
        const org = await insertOrg(tx, agentId, input);
        note({ targetIds: [org.id], orgIds: [org.id], after: { [org.id]: recordOf(org) } });
        return org;
      }),
    () => conflict('accountTaken'),
  );
}

async function insertOrg(tx: Conn, agentId: number, input: OrgInput) {
  const agent = await agents.findById(tx, agentId);
  if (!agent) throw notFound();
  if (await repo.findOrgByAccount(tx, input.account)) throw conflict('accountTaken');
  return repo.insertOrg(tx, {
    agentId,
    agentPath: agent.path,
    ...(await newAccount(input)),
    region: input.region ?? '',
  });
}

export const findByAccount = (db: Conn, account: string) => repo.findOrgByAccount(db, account);
export const findById = (db: Conn, id: number) => repo.findOrgById(db, id);

/** What a company may change on its own row (profile, password); its name and agent are not here. */
export type OwnFields = Partial<
  Pick<repo.NewOrg, 'contact' | 'area' | 'address' | 'phone' | 'email' | 'passwordHash'>
>;
export const updateOwn = (db: Conn, id: number, set: OwnFields) => repo.updateOrgRow(db, id, set);
/** The company's own row, locked for a change of its own fields. */
export const lockOwn = (tx: Conn, id: number) => repo.lockOrg(tx, id);

/** The head of a company's details as the company and its agents read them: who it is and how to reach it. */
export const contactOf = (org: {
  id: number;
  name: string;
  contact: string;
  account: string;
  phone: string;
  email: string;
}) => ({
  id: org.id,
  corg_name: org.name,
  contact: org.contact,
  account: org.account,
  phone: org.phone,
  email: org.email,
});

/** orginfo (SPEC §3). */
export async function orgInfo(db: Conn, id: number) {
  const row = await repo.findOrgWithAgent(db, id);
  if (!row) throw notFound();
  const { org, agentName } = row;
  return {
    ...contactOf(org),
    area: org.area,
    address: org.address,
    agent_name: agentName,
  };
}

/** Operator only (CLI, demo): one server of a type per company; server_type enclosure is the fence server. */
export const setServer = (db: Conn, orgId: number, type: string, ip: string, port: number) =>
  repo.replaceServer(db, orgId, type, ip, port);
