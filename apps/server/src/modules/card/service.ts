import { cardTypeCodes, insufficientByCard, NoticeType } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { ruleBroken } from '../../http/errors.ts';
import * as repo from './repository.ts';

/** Every agent has one row per card type: balance 0, switched off. */
export const initCards = (tx: Conn, agentId: number) => repo.insertCardRows(tx, agentId, cardTypeCodes);

export async function setSwitch(tx: Conn, agentId: number, enabled: Partial<Record<number, boolean>>) {
  for (const [type, on] of Object.entries(enabled)) {
    if (on !== undefined) await repo.setEnabled(tx, agentId, Number(type), on);
  }
}

/** Operator grant to a top-level agent: balance up and one ledger row, in the caller's transaction. */
export async function grant(tx: Conn, agentId: number, cardType: number, quantity: number) {
  const [row] = await repo.increment(tx, agentId, cardType, quantity);
  await repo.insertLedger(tx, { kind: 'grant', cardType, quantity, toAgentId: agentId });
  return row.balance;
}

/**
 * Consumes cards of an agent for terminals (creation, activation, renewal). Throws the per-type
 * balance message when the balance does not cover it; the caller's transaction then rolls back.
 */
export async function consume(
  tx: Conn,
  agentId: number,
  cardType: number,
  quantity: number,
  ref: { orgId?: number; terminalId?: number } = {},
) {
  const [row] = await repo.decrement(tx, agentId, cardType, quantity);
  if (!row) throw ruleBroken(insufficientByCard[cardType] ?? 'insufficientBalance', { cardType });
  await repo.insertLedger(tx, { kind: 'consume', cardType, quantity, fromAgentId: agentId, ...ref });
  return row.balance;
}

type Party = { id: number; name: string };

/** The deal notice of a move: to the sub-agent, from its parent, with the names as they are now. */
const dealNotice = (type: number, parent: Party, sub: Party) => ({
  agentId: sub.id,
  type,
  fromAgentId: parent.id,
  fromAgentName: parent.name,
  toAgentId: sub.id,
  toAgentName: sub.name,
});

export interface SaleInput {
  from: Party;
  to: Party;
  cardType: number;
  quantity: number;
}

/**
 * Moves cards from an agent to one of its sub-agents, both having the card type switched on: the
 * balances, one ledger row and one 'sale/purchase' notice to the buyer, all in one statement. A
 * refused sale writes nothing. Returns the seller's new balance.
 */
export async function sell(db: Conn, sale: SaleInput) {
  const moved = await repo.move(db, {
    kind: 'sale',
    giverId: sale.from.id,
    takerId: sale.to.id,
    cardType: sale.cardType,
    quantity: sale.quantity,
    requireOpen: true,
    notice: dealNotice(NoticeType.sale, sale.from, sale.to),
  });
  if (!moved.open) throw ruleBroken('cardTypeNotAllowed', { cardType: sale.cardType });
  if (moved.giverBalance === null)
    throw ruleBroken(insufficientByCard[sale.cardType] ?? 'insufficientBalance', { cardType: sale.cardType });
  return moved.giverBalance;
}

export interface RecycleInput {
  /** The agent taking cards back (the parent). */
  to: Party;
  /** The sub-agent whose cards are taken back. */
  from: Party;
  cardType: number;
  quantity: number;
}

/**
 * Takes cards back from a sub-agent: integer > 0 and not above what it holds ('recycleZero' when it
 * holds none). The balances, one ledger row and one 'take back/recycle' notice to the sub-agent move
 * in one statement, as for a sale, whose guarded update keeps concurrent recycles from going below
 * zero. Returns the caller's new balance.
 */
export async function recycle(db: Conn, r: RecycleInput) {
  const moved = await repo.move(db, {
    kind: 'recycle',
    giverId: r.from.id,
    takerId: r.to.id,
    cardType: r.cardType,
    quantity: r.quantity,
    requireOpen: false,
    notice: dealNotice(NoticeType.recycle, r.to, r.from),
  });
  if (moved.takerBalance === null) {
    throw moved.held === 0
      ? ruleBroken('recycleZero')
      : ruleBroken('recycleOverAmount', { existing: moved.held });
  }
  return moved.takerBalance;
}

export const isEnabled = async (db: Conn, agentId: number, cardType: number) =>
  (await repo.balanceOf(db, agentId, cardType))?.enabled === true;

/** A ledger row seen from one agent's side: which way the cards went for it. */
const view = (agentId: number, r: Awaited<ReturnType<typeof repo.records>>[number]) => ({
  id: r.id,
  kind: r.kind as 'grant' | 'sale' | 'recycle' | 'consume' | 'return',
  direction: (r.toAgentId === agentId ? 'in' : 'out') as 'in' | 'out',
  cardType: r.cardType,
  quantity: r.quantity,
  fromAgent: r.fromAgentId ? { id: r.fromAgentId, name: r.fromAgentName ?? '' } : null,
  toAgent: r.toAgentId ? { id: r.toAgentId, name: r.toAgentName ?? '' } : null,
  org: r.orgName ? { orgName: r.orgName } : null,
  created_at: r.createdAt.toISOString(),
});
export type RecordView = ReturnType<typeof view>;

export async function recordPage(db: Conn, f: repo.RecordFilter, page: number, size: number) {
  const [rows, total] = await Promise.all([
    repo.records(db, f, size, (page - 1) * size),
    repo.countRecords(db, f),
  ]);
  return { list: rows.map((r) => view(f.agentId, r)), total, page, size };
}

/** Every record of a range, for export (the range is at most 90 days, so this stays bounded). */
export const allRecords = async (db: Conn, f: repo.RecordFilter) =>
  (await repo.records(db, f, 100_000)).map((r) => view(f.agentId, r));

/** Cards of deleted, barely used terminals go back to the agent who paid for them. */
export async function giveBack(tx: Conn, agentId: number, cardType: number, quantity: number) {
  await repo.increment(tx, agentId, cardType, quantity);
  await repo.insertLedger(tx, { kind: 'return', cardType, quantity, toAgentId: agentId });
}
