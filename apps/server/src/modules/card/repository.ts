import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
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

export const enabledCount = async (db: Conn, agentIds: number[], cardType: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(agentCards)
      .where(
        and(
          inArray(agentCards.agentId, agentIds),
          eq(agentCards.cardType, cardType),
          eq(agentCards.enabled, true),
        ),
      )
  )[0].n;

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
 * Moves cards between two agents in one statement: both balance rows are locked in one fixed order
 * (by agent id, so a sale one way and a recycle the other way cannot deadlock), the giver's row only
 * changes when its balance covers the quantity. Returns the new balances of the rows that changed:
 * without the giver's, the move must be undone by rolling back.
 */
export async function transfer(db: Conn, fromId: number, toId: number, cardType: number, quantity: number) {
  const result = await db.execute(sql`
    with locked as materialized (
      select ${agentCards.agentId} as agent_id from ${agentCards}
      where ${agentCards.cardType} = ${cardType} and ${agentCards.agentId} in (${fromId}, ${toId})
      order by ${agentCards.agentId}
      for update
    )
    update ${agentCards} set balance = ${agentCards.balance}
      + case when ${agentCards.agentId} = ${fromId} then ${-quantity}::int else ${quantity}::int end
    from locked
    where ${agentCards.cardType} = ${cardType} and ${agentCards.agentId} = locked.agent_id
      and (${agentCards.agentId} <> ${fromId} or ${agentCards.balance} >= ${quantity})
    returning ${agentCards.agentId} as agent_id, ${agentCards.balance} as balance`);
  const rows = (result as unknown as { rows: { agent_id: number; balance: number | string }[] }).rows;
  const balanceOf = (id: number) => {
    const row = rows.find((r) => Number(r.agent_id) === id);
    return row ? Number(row.balance) : undefined;
  };
  return { from: balanceOf(fromId), to: balanceOf(toId) };
}
