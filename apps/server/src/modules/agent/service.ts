import { CardTypes, isSubAgentPath, Limits } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound, ruleBroken } from '../../http/errors.ts';
import { plainChange } from '../../http/route.ts';
import { newAccount, verifyPassword } from '../../lib/crypto.ts';
import { unlessTaken } from '../../lib/unique.ts';
import * as cards from '../card/service.ts';
import { switchFields } from '../card/settings.ts';
import * as repo from './repository.ts';

const segment = (n: number) => n.toString(36).toUpperCase().padStart(Limits.pathSegment, '0');

/** A new agent: agent/add's fields, or the operator CLI's and the demo seed's (no contact needed). */
export interface AgentInput {
  name: string;
  contact?: string;
  account: string;
  password: string;
  phone?: string;
  email?: string;
}

/** What an audit row keeps of an agent it created: who it is, never its secrets. */
const recordOf = (agent: repo.AgentRow) => ({
  name: agent.name,
  account: agent.account,
  contact: agent.contact,
  phone: agent.phone,
  email: agent.email,
  path: agent.path,
});

async function insertWithPath(tx: Conn, input: AgentInput, parentId: number | null, path: string) {
  if (await repo.findAgentByAccount(tx, input.account)) throw conflict('accountTaken');
  const agent = await repo.insertAgent(tx, {
    parentId,
    path,
    ...(await newAccount(input)),
    email: input.email ?? '',
  });
  await cards.initCards(tx, agent.id);
  return agent;
}

/** Operator only (CLI): a new top-level agent with a 4-character path. */
export async function createTopLevelAgent(db: Db, input: AgentInput) {
  return unlessTaken(
    () =>
      db.transaction(async (tx) => {
        const used = await repo.topLevelPaths(tx);
        const next = used.reduce((max, p) => Math.max(max, Number.parseInt(p, 36)), 0) + 1;
        return insertWithPath(tx, input, null, segment(next));
      }),
    () => conflict('accountTaken'),
  );
}

/**
 * A sub-agent under a top-level agent with the card types `enabled` switched on, in `change` (agent/add's,
 * which records it; a transaction of its own for the seed); sub-agents create no agents.
 */
export async function createSubAgent(
  db: Conn,
  parentId: number,
  input: AgentInput,
  enabled: cards.Switch = {},
  change = plainChange(db),
) {
  return unlessTaken(
    () =>
      change(async (tx, note) => {
        const parent = await repo.findAgentById(tx, parentId);
        if (!parent) throw notFound();
        if (isSubAgentPath(parent.path)) throw forbidden();
        const taken = await repo.takeChildSeq(tx, parentId);
        const agent = await insertWithPath(tx, input, parentId, taken.path + segment(taken.seq));
        await cards.setSwitch(tx, agent.id, enabled);
        note({
          targetIds: [agent.id],
          after: { [agent.id]: { ...recordOf(agent), ...switchFields(enabled) } },
        });
        return agent;
      }),
    () => conflict('accountTaken'),
  );
}

export const findByAccount = (db: Conn, account: string) => repo.findAgentByAccount(db, account);
export const findById = (db: Conn, id: number) => repo.findAgentById(db, id);
/** Whether the platform has any agent at all (a database in use, whatever its accounts are named). */
export const anyAgent = (db: Conn) => repo.anyAgent(db);

/** What an agent may change on its own row (profile, passwords); path, name and balances are not here. */
export type OwnFields = Partial<
  Pick<repo.NewAgent, 'contact' | 'area' | 'address' | 'phone' | 'email' | 'passwordHash' | 'payPwdHash'>
>;
export const updateOwn = (db: Conn, id: number, set: OwnFields) => repo.updateAgentRow(db, id, set);
/** The agent's own row, locked for a change of its own fields. */
export const lockOwn = (tx: Conn, id: number) => repo.lockAgent(tx, id);

type AgentRow = NonNullable<Awaited<ReturnType<typeof repo.findAgentById>>>;
type CardRow = repo.CardRow;

/** agentinfo (SPEC §3) of a row already read, with its card rows: profile plus one balance per card type. */
export function infoFrom(agent: AgentRow, rows: CardRow[]) {
  const balances = Object.fromEntries(
    CardTypes.map((c) => [c.field, rows.find((r) => r.cardType === c.code)?.balance ?? 0]),
  ) as Record<(typeof CardTypes)[number]['field'], number>;
  return {
    id: agent.id,
    name: agent.name,
    contact: agent.contact,
    path: agent.path,
    account: agent.account,
    phone: agent.phone,
    email: agent.email,
    area: agent.area,
    address: agent.address,
    has_pay_pwd: agent.payPwdHash !== null,
    ...balances,
  };
}

/** The card switch record (SPEC §3) of a row already read: 1 where the card type is enabled, plus the path. */
export function switchFrom(agent: Pick<AgentRow, 'path'>, rows: CardRow[]) {
  const flags = Object.fromEntries(
    CardTypes.map((c) => [c.field, rows.find((r) => r.cardType === c.code)?.enabled ? 1 : 0]),
  ) as Record<(typeof CardTypes)[number]['field'], number>;
  return { ...flags, path: agent.path };
}

/** An agent's row with its card rows, read together (40401 when there is none). */
export async function withCards(db: Conn, id: number) {
  const agent = await repo.findWithCards(db, id);
  if (!agent) throw notFound();
  return agent;
}

export async function agentInfo(db: Conn, id: number) {
  const agent = await withCards(db, id);
  return infoFrom(agent, agent.cards);
}

export async function cardSwitch(db: Conn, id: number) {
  const agent = await withCards(db, id);
  return switchFrom(agent, agent.cards);
}

/** When an agent has a service card password, sales and recycling need it. */
export async function checkPayPwd(agent: { payPwdHash: string | null }, payPwd: string | undefined) {
  if (agent.payPwdHash === null) return;
  if (!payPwd) throw invalid('payPwdRequired');
  if (!(await verifyPassword(agent.payPwdHash, payPwd))) throw ruleBroken('payPwdError');
}
