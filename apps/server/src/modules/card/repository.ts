import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client.ts';
import { agentCards, agents, cardLedger, orgs } from '../../db/schema.ts';

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

const fromAgent = alias(agents, 'from_agent');
const toAgent = alias(agents, 'to_agent');

const recordWhere = (f: RecordFilter) =>
  and(
    or(eq(cardLedger.fromAgentId, f.agentId), eq(cardLedger.toAgentId, f.agentId)),
    f.cardType !== undefined ? eq(cardLedger.cardType, f.cardType) : undefined,
    f.start ? gte(cardLedger.createdAt, new Date(`${f.start}T00:00:00Z`)) : undefined,
    f.end ? lt(cardLedger.createdAt, new Date(Date.parse(`${f.end}T00:00:00Z`) + 86_400_000)) : undefined,
  );

/** Ledger rows that involve an agent, newest first, with the names of both sides and the company. */
export function records(db: Conn, f: RecordFilter, limit: number, offset = 0) {
  return db
    .select({
      id: cardLedger.id,
      kind: cardLedger.kind,
      cardType: cardLedger.cardType,
      quantity: cardLedger.quantity,
      fromAgentId: cardLedger.fromAgentId,
      fromAgentName: fromAgent.name,
      toAgentId: cardLedger.toAgentId,
      toAgentName: toAgent.name,
      orgName: orgs.name,
      createdAt: cardLedger.createdAt,
    })
    .from(cardLedger)
    .leftJoin(fromAgent, eq(fromAgent.id, cardLedger.fromAgentId))
    .leftJoin(toAgent, eq(toAgent.id, cardLedger.toAgentId))
    .leftJoin(orgs, eq(orgs.id, cardLedger.orgId))
    .where(recordWhere(f))
    .orderBy(desc(cardLedger.createdAt), desc(cardLedger.id))
    .limit(limit)
    .offset(offset);
}

export const countRecords = async (db: Conn, f: RecordFilter) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(cardLedger).where(recordWhere(f)))[0].n;

/**
 * Locks the balance rows of a card type for several agents in one fixed order (by agent id), so a
 * sale one way and a recycle the other way cannot deadlock each other.
 */
export const lockBalances = (db: Conn, agentIds: number[], cardType: number) =>
  db
    .select({ agentId: agentCards.agentId })
    .from(agentCards)
    .where(and(inArray(agentCards.agentId, agentIds), eq(agentCards.cardType, cardType)))
    .orderBy(asc(agentCards.agentId))
    .for('update');
