import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client.ts';
import { agentCards, agentCounts, agents, cardLedger, orgs } from '../../db/schema.ts';

export type LedgerRow = typeof cardLedger.$inferInsert;

export const insertCardRows = (db: Conn, agentId: number, types: number[]) =>
  db
    .insert(agentCards)
    .values(types.map((cardType) => ({ agentId, cardType })))
    .onConflictDoNothing();

export const setEnabled = (db: Conn, agentId: number, cardType: number, enabled: boolean) =>
  db
    .update(agentCards)
    .set({ enabled })
    .where(and(eq(agentCards.agentId, agentId), eq(agentCards.cardType, cardType)));

export const increment = (db: Conn, agentId: number, cardType: number, quantity: number) =>
  db
    .update(agentCards)
    .set({ balance: sql`${agentCards.balance} + ${quantity}` })
    .where(and(eq(agentCards.agentId, agentId), eq(agentCards.cardType, cardType)))
    .returning({ balance: agentCards.balance });

/** Decrements only when the balance covers it; no row back means insufficient balance. */
export const decrement = (db: Conn, agentId: number, cardType: number, quantity: number) =>
  db
    .update(agentCards)
    .set({ balance: sql`${agentCards.balance} - ${quantity}` })
    .where(
      and(
        eq(agentCards.agentId, agentId),
        eq(agentCards.cardType, cardType),
        gte(agentCards.balance, quantity),
      ),
    )
    .returning({ balance: agentCards.balance });

export const insertLedger = (db: Conn, row: LedgerRow) => db.insert(cardLedger).values(row);

export const balanceOf = async (db: Conn, agentId: number, cardType: number) =>
  (
    await db
      .select({ balance: agentCards.balance, enabled: agentCards.enabled })
      .from(agentCards)
      .where(and(eq(agentCards.agentId, agentId), eq(agentCards.cardType, cardType)))
      .limit(1)
  )[0];

export interface RecordFilter {
  agentId: number;
  cardType?: number;
  /** Inclusive dates, YYYY-MM-DD. */
  start?: string;
  end?: string;
}

/** An agent's records: the rows it gave or took, of the filter's card type and UTC days (the end included). */
const recordsWhere = (f: RecordFilter) =>
  and(
    or(eq(cardLedger.fromAgentId, f.agentId), eq(cardLedger.toAgentId, f.agentId)),
    f.cardType === undefined ? undefined : eq(cardLedger.cardType, f.cardType),
    f.start ? gte(cardLedger.createdAt, new Date(`${f.start}T00:00:00Z`)) : undefined,
    f.end ? lt(cardLedger.createdAt, new Date(Date.parse(`${f.end}T00:00:00Z`) + 86_400_000)) : undefined,
  );

const giver = alias(agents, 'giver');
const taker = alias(agents, 'taker');

/** A page of an agent's records, newest first, with the names of both sides and the company. */
export const records = (db: Conn, f: RecordFilter, limit: number, offset = 0) =>
  db
    .select({
      id: cardLedger.id,
      kind: cardLedger.kind,
      cardType: cardLedger.cardType,
      quantity: cardLedger.quantity,
      fromAgentId: cardLedger.fromAgentId,
      fromAgentName: giver.name,
      toAgentId: cardLedger.toAgentId,
      toAgentName: taker.name,
      orgName: orgs.name,
      createdAt: cardLedger.createdAt,
    })
    .from(cardLedger)
    .leftJoin(giver, eq(giver.id, cardLedger.fromAgentId))
    .leftJoin(taker, eq(taker.id, cardLedger.toAgentId))
    .leftJoin(orgs, eq(orgs.id, cardLedger.orgId))
    .where(recordsWhere(f))
    .orderBy(desc(cardLedger.createdAt), desc(cardLedger.id))
    .limit(limit)
    .offset(offset);

/** How many records a filter has; without a condition, the agent's counter row (agent_counts) says. */
export async function countRecords(db: Conn, f: RecordFilter) {
  if (f.cardType === undefined && !f.start && !f.end) {
    const [row] = await db
      .select({ n: agentCounts.ledger })
      .from(agentCounts)
      .where(eq(agentCounts.agentId, f.agentId));
    return row?.n ?? 0;
  }
  return db.$count(cardLedger, recordsWhere(f));
}

/**
 * Locks the balance rows of a card type of two agents, in agent-id order whatever the order given (rows
 * are locked as the sorted read returns them), so that a sale one way and a recycle the other way cannot
 * deadlock; for the caller's transaction.
 */
export const lockCards = (tx: Conn, cardType: number, agentIds: [number, number]) =>
  tx
    .select({ agentId: agentCards.agentId, balance: agentCards.balance, enabled: agentCards.enabled })
    .from(agentCards)
    .where(and(eq(agentCards.cardType, cardType), inArray(agentCards.agentId, agentIds)))
    .orderBy(asc(agentCards.agentId))
    .for('update');

/**
 * Cards a parent took back from a sub-agent of one type and has not given back yet: what a return to
 * the lower agent may give. Read under both balance locks, which every move between the two takes.
 */
export async function recycledNotReturned(tx: Conn, parentId: number, subId: number, cardType: number) {
  const [row] = await tx
    .select({
      n: sql<number>`(coalesce(sum(${cardLedger.quantity}) filter (where ${cardLedger.kind} = 'recycle'
        and ${cardLedger.fromAgentId} = ${subId} and ${cardLedger.toAgentId} = ${parentId}), 0)
        - coalesce(sum(${cardLedger.quantity}) filter (where ${cardLedger.kind} = 'restore'
        and ${cardLedger.fromAgentId} = ${parentId} and ${cardLedger.toAgentId} = ${subId}), 0))::int`,
    })
    .from(cardLedger)
    .where(
      and(
        eq(cardLedger.cardType, cardType),
        or(
          and(eq(cardLedger.fromAgentId, subId), eq(cardLedger.toAgentId, parentId)),
          and(eq(cardLedger.fromAgentId, parentId), eq(cardLedger.toAgentId, subId)),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}
