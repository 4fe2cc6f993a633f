import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agentCards, cardLedger, cardLedgerUsers } from '../../db/schema.ts';

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

/**
 * Moves cards between two locked balance rows of one type in one statement: the giver's falls, the
 * taker's rises. The giver's row comes back only when its balance covered the move.
 */
export const transfer = (db: Conn, giverId: number, takerId: number, cardType: number, quantity: number) =>
  db
    .update(agentCards)
    .set({
      balance: sql`${agentCards.balance} + case when ${agentCards.agentId} = ${takerId} then ${quantity}::integer else ${-quantity}::integer end`,
    })
    .where(
      and(
        eq(agentCards.cardType, cardType),
        inArray(agentCards.agentId, [giverId, takerId]),
        or(eq(agentCards.agentId, takerId), gte(agentCards.balance, quantity)),
      ),
    )
    .returning({ agentId: agentCards.agentId, balance: agentCards.balance });

/** Writes one ledger row; its id comes back. */
export const insertLedger = async (db: Conn, row: LedgerRow) =>
  (await db.insert(cardLedger).values(row).returning({ id: cardLedger.id }))[0].id;

export const balanceOf = async (db: Conn, agentId: number, cardType: number) =>
  (
    await db
      .select({ balance: agentCards.balance, enabled: agentCards.enabled })
      .from(agentCards)
      .where(and(eq(agentCards.agentId, agentId), eq(agentCards.cardType, cardType)))
      .limit(1)
  )[0];

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

/** Writes ledger rows in one statement; each one's id comes back with its card type and company. */
export const insertLedgerRows = (db: Conn, rows: LedgerRow[]) =>
  rows.length === 0
    ? Promise.resolve([])
    : db
        .insert(cardLedger)
        .values(rows)
        .returning({ id: cardLedger.id, cardType: cardLedger.cardType, orgId: cardLedger.orgId });

export type LedgerUserRow = typeof cardLedgerUsers.$inferInsert;

/** Rows one statement writes at most: well under PostgreSQL's 65 535 parameters of a statement. */
const usersPerStatement = 5000;

/** The users consume rows charged, a few thousand a statement (a bulk renewal names one per function). */
export async function insertLedgerUsers(db: Conn, rows: LedgerUserRow[]) {
  for (let i = 0; i < rows.length; i += usersPerStatement)
    await db.insert(cardLedgerUsers).values(rows.slice(i, i + usersPerStatement));
}

const balanceColumns = {
  cardType: agentCards.cardType,
  balance: agentCards.balance,
  enabled: agentCards.enabled,
  threshold: agentCards.threshold,
};

/** An agent's balance rows, in card-type order. */
export const balancesOf = (db: Conn, agentId: number) =>
  db
    .select(balanceColumns)
    .from(agentCards)
    .where(eq(agentCards.agentId, agentId))
    .orderBy(asc(agentCards.cardType));

/**
 * An agent's balance rows of several card types, locked until the transaction ends in card-type order
 * (rows are locked as the sorted read returns them), so that two writes taking several types queue on
 * the first they share instead of deadlocking.
 */
export const lockBalances = (tx: Conn, agentId: number, cardTypes: number[]) =>
  tx
    .select(balanceColumns)
    .from(agentCards)
    .where(and(eq(agentCards.agentId, agentId), inArray(agentCards.cardType, cardTypes)))
    .orderBy(asc(agentCards.cardType))
    .for('update');

export const setThreshold = (db: Conn, agentId: number, cardType: number, threshold: number) =>
  db
    .update(agentCards)
    .set({ threshold })
    .where(and(eq(agentCards.agentId, agentId), eq(agentCards.cardType, cardType)));
