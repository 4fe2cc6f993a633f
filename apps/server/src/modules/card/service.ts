import {
  CardTypes,
  cardTypeCodes,
  insufficientByCard,
  type LedgerKindValue,
  NoticeType,
  UserType,
} from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { ruleBroken } from '../../http/errors.ts';
import type { CardsMoved, Change } from '../../http/route.ts';
import { addDays } from '../../lib/zoned-time.ts';
import * as notices from '../notice/service.ts';
import * as statements from '../statement/service.ts';
import * as repo from './repository.ts';

const voiceCard = CardTypes[0].code;
const vipCard = CardTypes[7].code;

type LedgerRecord = Awaited<ReturnType<typeof statements.ledgerPage>>['list'][number];

/**
 * Who moves cards, written on each ledger row: the signed-in agent or company, or null for the
 * platform operator (the CLI's grant, the demo seed).
 */
export type Operator = Pick<Caller, 'role' | 'id'> | null;

const operatorOf = (by: Operator) => ({ operatorRole: by?.role ?? null, operatorId: by?.id ?? null });

/** A balance a change moved, as its audit row keeps it. */
const movedBy = (agentId: number, cardType: number, before: number, after: number): CardsMoved => ({
  agent_id: agentId,
  card_type: cardType,
  before,
  after,
});

/** Several moves of one agent's card type as one: the first before, the last after. */
export function netMoves(moves: CardsMoved[]): CardsMoved[] {
  const net = new Map<string, CardsMoved>();
  for (const m of moves) {
    const key = `${m.agent_id}:${m.card_type}`;
    const was = net.get(key);
    net.set(key, was ? { ...was, after: m.after } : m);
  }
  return [...net.values()];
}

/** Every agent has one row per card type: balance 0, switched off. */
export const initCards = (tx: Conn, agentId: number) => repo.insertCardRows(tx, agentId, cardTypeCodes);

/** Card types switched on (true) or off (false) by code; an absent type is left as it is. */
export type Switch = Partial<Record<number, boolean>>;

export async function setSwitch(tx: Conn, agentId: number, enabled: Switch) {
  for (const [type, on] of Object.entries(enabled)) {
    if (on !== undefined) await repo.setEnabled(tx, agentId, Number(type), on);
  }
}

/** Operator grant to a top-level agent: balance up and one ledger row, in the caller's transaction. */
export async function grant(
  tx: Conn,
  agentId: number,
  cardType: number,
  quantity: number,
  by: Operator = null,
) {
  const [row] = await repo.increment(tx, agentId, cardType, quantity);
  await repo.insertLedger(tx, {
    kind: 'grant',
    cardType,
    quantity,
    toAgentId: agentId,
    toBalance: row.balance,
    ...operatorOf(by),
  });
  return row.balance;
}

/** The balance of a card type does not cover what is asked: the type's own message. */
const insufficient = (cardType: number) =>
  ruleBroken(insufficientByCard[cardType] ?? 'insufficientBalance', { cardType });

/** A terminal a consume row paid for, named as it is at the move. */
export interface ChargedUser {
  id: number;
  ssid: string;
  name: string;
}

/**
 * Consumes cards of an agent for terminals (creation, activation, renewal). Throws the per-type
 * balance message when the balance does not cover it; the caller's transaction then rolls back.
 * Returns the balance moved and the ledger row's id, which `charged` names the terminals on once
 * they exist.
 */
export async function consume(
  tx: Conn,
  agentId: number,
  cardType: number,
  quantity: number,
  by: Operator,
  ref: { orgId?: number; terminalId?: number } = {},
) {
  const [row] = await repo.decrement(tx, agentId, cardType, quantity);
  if (!row) throw insufficient(cardType);
  const ledgerId = await repo.insertLedger(tx, {
    kind: 'consume',
    cardType,
    quantity,
    fromAgentId: agentId,
    fromBalance: row.balance,
    ...operatorOf(by),
    ...ref,
  });
  return { moved: movedBy(agentId, cardType, row.balance + quantity, row.balance), ledgerId };
}

/** Names the terminals a consume row paid for, in the transaction that wrote it. */
export const charged = (tx: Conn, ledgerId: number, users: ChargedUser[]) =>
  repo.insertLedgerUsers(
    tx,
    users.map((u) => ({ ledgerId, terminalId: u.id, ssid: u.ssid, name: u.name })),
  );

type Party = { id: number; name: string };

const noticeOf = {
  sale: NoticeType.sale,
  recycle: NoticeType.recycle,
  restore: NoticeType.returnToLower,
} as const;

interface Move {
  kind: 'sale' | 'recycle' | 'restore';
  giver: Party;
  taker: Party;
  cardType: number;
  quantity: number;
  /** The sub-agent the deal notice goes to. */
  sub: Party;
  /** The parent named as the notice's sender. */
  parent: Party;
  by: Operator;
  /** Whose new balance the move answers: the caller's side. */
  answers: 'giver' | 'taker';
}

/** The balance rows of a move's two agents, as they are under its lock; undefined where an agent has none. */
interface Held {
  giver?: { balance: number; enabled: boolean };
  taker?: { balance: number; enabled: boolean };
}

/**
 * Moves cards between two agents in one transaction: both balance rows of the card type locked in
 * agent-id order (so that a sale one way and a recycle the other way cannot deadlock), `check` throws
 * the rule the move breaks, then both balances, one ledger row and the deal notice are written.
 * Returns both new balances.
 */
async function move(change: Change, m: Move, check: (tx: Conn, held: Held) => Promise<void> | void) {
  return change(async (tx, note) => {
    const rows = await repo.lockCards(tx, m.cardType, [m.giver.id, m.taker.id]);
    const held = {
      giver: rows.find((r) => r.agentId === m.giver.id),
      taker: rows.find((r) => r.agentId === m.taker.id),
    };
    await check(tx, held);
    // Both balances in one statement, then the ledger row and the notice: few turns while the locks are held.
    const moved = await repo.transfer(tx, m.giver.id, m.taker.id, m.cardType, m.quantity);
    const given = moved.find((r) => r.agentId === m.giver.id);
    const taken = moved.find((r) => r.agentId === m.taker.id);
    if (!given || !taken) throw insufficient(m.cardType);
    await repo.insertLedger(tx, {
      kind: m.kind,
      cardType: m.cardType,
      quantity: m.quantity,
      fromAgentId: m.giver.id,
      toAgentId: m.taker.id,
      fromBalance: given.balance,
      toBalance: taken.balance,
      ...operatorOf(m.by),
    });
    await notices.record(tx, {
      agentId: m.sub.id,
      type: noticeOf[m.kind],
      cardType: m.cardType,
      quantity: m.quantity,
      fromAgentId: m.parent.id,
      fromAgentName: m.parent.name,
      toAgentId: m.sub.id,
      toAgentName: m.sub.name,
    });
    note({
      targetIds: [m.sub.id],
      cards: [
        movedBy(m.giver.id, m.cardType, held.giver?.balance ?? 0, given.balance),
        movedBy(m.taker.id, m.cardType, held.taker?.balance ?? 0, taken.balance),
      ],
    });
    // The endpoint's answer, from inside the change: a repeated Idempotency-Key answers the same.
    return { balance: (m.answers === 'giver' ? given : taken).balance };
  });
}

export interface SaleInput {
  by: Operator;
  from: Party;
  to: Party;
  cardType: number;
  quantity: number;
}

/**
 * Moves cards from an agent to one of its sub-agents, both having the card type switched on: the
 * balances, one ledger row and one 'sale/purchase' notice to the buyer. A refused sale writes nothing.
 * Returns the seller's new balance.
 */
export async function sell(change: Change, sale: SaleInput) {
  const { cardType, quantity } = sale;
  const moved = await move(
    change,
    {
      kind: 'sale',
      ...{ giver: sale.from, taker: sale.to, cardType, quantity },
      ...{ sub: sale.to, parent: sale.from, by: sale.by, answers: 'giver' },
    },
    (_, { giver, taker }) => {
      if (!giver?.enabled || !taker?.enabled) throw ruleBroken('cardTypeNotAllowed', { cardType });
      if (giver.balance < quantity) throw insufficient(cardType);
    },
  );
  return moved;
}

export interface RecycleInput {
  by: Operator;
  /** The agent taking cards back (the parent). */
  to: Party;
  /** The sub-agent whose cards are taken back. */
  from: Party;
  cardType: number;
  quantity: number;
}

/**
 * Takes cards back from a sub-agent: integer > 0 and not above what it holds ('recycleZero' when it
 * holds none), whatever its switch says. The balances, one ledger row and one 'take back/recycle'
 * notice to the sub-agent move together, as for a sale. Returns the caller's new balance.
 */
export async function recycle(change: Change, r: RecycleInput) {
  const { cardType, quantity } = r;
  const moved = await move(
    change,
    {
      ...{ kind: 'recycle', giver: r.from, taker: r.to, cardType, quantity },
      ...{ sub: r.from, parent: r.to, by: r.by, answers: 'taker' },
    },
    (_, { giver, taker }) => {
      const held = giver && taker ? giver.balance : 0;
      if (held === 0) throw ruleBroken('recycleZero');
      if (held < quantity) throw ruleBroken('recycleOverAmount', { existing: held });
    },
  );
  return moved;
}

export interface ReturnInput {
  by: Operator;
  /** The parent giving cards back. */
  from: Party;
  /** The sub-agent they were taken back from. */
  to: Party;
  cardType: number;
  quantity: number;
}

/**
 * Returns cards to a lower agent (notice type 4): the parent gives back cards it recycled from that
 * sub-agent, at most those it took back and has not returned yet, whatever the switches say (they were
 * the sub-agent's). What is open is read from the ledger under both balance locks, which every move
 * between the two takes. Returns the caller's new balance.
 */
export async function returnToLower(change: Change, r: ReturnInput) {
  const { cardType, quantity } = r;
  const moved = await move(
    change,
    {
      ...{ kind: 'restore', giver: r.from, taker: r.to, cardType, quantity },
      ...{ sub: r.to, parent: r.from, by: r.by, answers: 'giver' },
    },
    async (tx, { giver, taker }) => {
      if (!giver || !taker) throw ruleBroken('returnNothing');
      const open = await repo.recycledNotReturned(tx, r.from.id, r.to.id, cardType);
      if (open === 0) throw ruleBroken('returnNothing');
      if (open < quantity) throw ruleBroken('returnOverAmount', { existing: open });
      if (giver.balance < quantity) throw insufficient(cardType);
    },
  );
  return moved;
}

/** Cards a parent took back from a sub-agent and has not given back yet. */
export const returnable = (db: Conn, parentId: number, subId: number, cardType: number) =>
  repo.recycledNotReturned(db, parentId, subId, cardType);

export const isEnabled = async (db: Conn, agentId: number, cardType: number) =>
  (await repo.balanceOf(db, agentId, cardType))?.enabled === true;

/** A ledger row seen from one agent's side: which way the cards went for it. */
const view = (agentId: number, r: LedgerRecord) => ({
  id: r.id,
  kind: r.kind as LedgerKindValue,
  direction: (r.toAgentId === agentId ? 'in' : 'out') as 'in' | 'out',
  cardType: r.cardType,
  quantity: r.quantity,
  fromAgent: r.fromAgentId ? { id: r.fromAgentId, name: r.fromAgentName ?? '' } : null,
  toAgent: r.toAgentId ? { id: r.toAgentId, name: r.toAgentName ?? '' } : null,
  org: r.orgName ? { orgName: r.orgName } : null,
  created_at: r.createdAt.toISOString(),
});
export type RecordView = ReturnType<typeof view>;

/** The sales record's filter: a card type and UTC days, the end included. */
export interface RecordFilter {
  agentId: number;
  cardType?: number;
  start?: string;
  end?: string;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The sales record reads the statement's rows (one list of an agent's ledger), by UTC days. */
const ledgerFilter = (f: RecordFilter) => ({
  cardType: f.cardType,
  since: f.start ? dayStart(f.start) : undefined,
  until: f.end ? dayStart(addDays(f.end, 1)) : undefined,
});

export async function recordPage(db: Conn, f: RecordFilter, page: number, size: number) {
  const { list, total } = await statements.ledgerPage(db, f.agentId, ledgerFilter(f), page, size);
  return { list: list.map((r) => view(f.agentId, r)), total, page, size };
}

/** Every record of a range, a batch at a time, for the export that streams them. */
export async function* eachRecord(db: Conn, f: RecordFilter) {
  for await (const r of statements.ledgerEach(db, f.agentId, ledgerFilter(f))) yield view(f.agentId, r);
}

/** A card of a deleted, barely used terminal: the agent who paid for it, its type and the company. */
export interface Refund {
  agentId: number;
  cardType: number;
  orgId: number;
}

/**
 * Cards of deleted, barely used terminals go back to the agents who paid for them, one per terminal: per
 * agent (in id order, as sales lock them) and card type, one ledger row per company and one 'return'
 * notice. Returns the balances moved, one move per agent and type.
 */
export async function refund(tx: Conn, refunds: Refund[], by: Operator) {
  const perAgentAndCard = new Map<string, { agentId: number; cardType: number; orgs: Map<number, number> }>();
  for (const r of refunds) {
    const key = `${r.agentId}:${r.cardType}`;
    const entry = perAgentAndCard.get(key) ?? { agentId: r.agentId, cardType: r.cardType, orgs: new Map() };
    entry.orgs.set(r.orgId, (entry.orgs.get(r.orgId) ?? 0) + 1);
    perAgentAndCard.set(key, entry);
  }
  const moved: CardsMoved[] = [];
  const ordered = [...perAgentAndCard.values()].sort(
    (a, b) => a.agentId - b.agentId || a.cardType - b.cardType,
  );
  for (const { agentId, cardType, orgs } of ordered) {
    let quantity = 0;
    for (const [orgId, count] of [...orgs].sort((a, b) => a[0] - b[0])) {
      moved.push(await giveBack(tx, agentId, cardType, count, by, { orgId }));
      quantity += count;
    }
    await notices.record(tx, { agentId, type: NoticeType.return, cardType, quantity });
  }
  return netMoves(moved);
}

/** Cards of one company's deleted terminals given back to the agent who paid for them. */
async function giveBack(
  tx: Conn,
  agentId: number,
  cardType: number,
  quantity: number,
  by: Operator,
  ref: { orgId?: number } = {},
) {
  const [row] = await repo.increment(tx, agentId, cardType, quantity);
  await repo.insertLedger(tx, {
    kind: 'return',
    cardType,
    quantity,
    toAgentId: agentId,
    toBalance: row.balance,
    ...operatorOf(by),
    ...ref,
  });
  return movedBy(agentId, cardType, row.balance - quantity, row.balance);
}

/** The card a terminal of the user type runs on: a VIP card for a VIP user, a voice card for the others. */
export const cardOfUserType = (userType: number) => (userType === UserType.vip ? vipCard : voiceCard);

/** The card a new terminal of the user type takes, when the agent's card switch has it on. */
export async function creationCard(db: Conn, agentId: number, userType: number) {
  const card = cardOfUserType(userType);
  if (!(await isEnabled(db, agentId, card)))
    throw card === voiceCard
      ? ruleBroken('singleNeedsVoice', { field: 'userType' })
      : ruleBroken('cardTypeNotAllowed', { cardType: card });
  return card;
}

/** An agent's balance rows (type, balance, switch, low-balance threshold), in card-type order. */
export const balances = (db: Conn, agentId: number) => repo.balancesOf(db, agentId);

/** Locks an agent's balance rows of several card types in card-type order, for the caller's transaction. */
export const lockBalances = (tx: Conn, agentId: number, cardTypes: number[]) =>
  repo.lockBalances(tx, agentId, [...new Set(cardTypes)]);

/** Cards an agent consumes for one company's terminals, of one type: one card per terminal named. */
export interface Take {
  cardType: number;
  orgId: number;
  users: ChargedUser[];
}

/**
 * Consumes an agent's cards of several types at once (a bulk renewal), its balance rows already locked
 * by `lockBalances`: one decrement per card type in type order, the type's own message when it does not
 * cover it, and one ledger row per type and company in one insert. The rows of a type take their ids in
 * the order given, so each one's balance after is what the type's balance was before the decrement less
 * the rows of that type up to it. Each row names the terminals it paid for.
 */
export async function consumeMany(tx: Conn, agentId: number, takes: Take[], by: Operator) {
  const perType = new Map<number, number>();
  for (const t of takes) perType.set(t.cardType, (perType.get(t.cardType) ?? 0) + t.users.length);
  const running = new Map<number, number>();
  const moves: CardsMoved[] = [];
  for (const [cardType, quantity] of [...perType].sort((a, b) => a[0] - b[0])) {
    const [row] = await repo.decrement(tx, agentId, cardType, quantity);
    if (!row) throw insufficient(cardType);
    running.set(cardType, row.balance + quantity);
    moves.push(movedBy(agentId, cardType, row.balance + quantity, row.balance));
  }
  const paid = takes.filter((t) => t.users.length > 0);
  const rows = paid.map((t) => {
    const after = (running.get(t.cardType) ?? 0) - t.users.length;
    running.set(t.cardType, after);
    return {
      kind: 'consume' as const,
      cardType: t.cardType,
      quantity: t.users.length,
      fromAgentId: agentId,
      fromBalance: after,
      orgId: t.orgId,
      ...operatorOf(by),
    };
  });
  const written = await repo.insertLedgerRows(tx, rows);
  // One row per card type and company: each row's users by that pair.
  const idOf = new Map(written.map((w) => [`${w.cardType}:${w.orgId}`, w.id]));
  await repo.insertLedgerUsers(
    tx,
    paid.flatMap((t) => {
      const ledgerId = idOf.get(`${t.cardType}:${t.orgId}`) as number;
      return t.users.map((u) => ({ ledgerId, terminalId: u.id, ssid: u.ssid, name: u.name }));
    }),
  );
  return moves;
}

/** The balance message of a card type, for a check made before anything is written. */
export const shortOf = insufficient;
