import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client.ts';
import { agentCards, agents, cardLedger, type notices, orgs } from '../../db/schema.ts';

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

export interface Move {
  kind: 'sale' | 'recycle';
  giverId: number;
  takerId: number;
  cardType: number;
  quantity: number;
  /** A sale needs the card type switched on for both sides; a recycle takes back whatever is held. */
  requireOpen: boolean;
  /** The deal notice to the sub-agent, written with the move. */
  notice: Pick<
    typeof notices.$inferInsert,
    'agentId' | 'type' | 'fromAgentId' | 'fromAgentName' | 'toAgentId' | 'toAgentName'
  >;
}

export interface MoveResult {
  /** Both card rows exist and, for a sale, both are switched on. */
  open: boolean;
  /** What the giver held, for the message of a refused recycle (read with the statement's snapshot). */
  held: number;
  /** The giver's new balance; null when nothing moved. */
  giverBalance: number | null;
  takerBalance: number | null;
}

/**
 * Moves cards between two agents in one statement, so that no transaction holds a balance row longer
 * than that statement. Both balance rows are first locked in one fixed order (by agent id, so a sale
 * one way and a recycle the other way cannot deadlock). The giver's balance then goes down only where
 * it covers the quantity: a condition of the update itself, which PostgreSQL checks again on the row's
 * newest version. Only when it did does the taker's go up and are the ledger row and the deal notice
 * written; otherwise nothing is written and the result says why.
 *
 * The statement is the function `card_move` (migration 0008): PL/pgSQL keeps its plan for the
 * connection, where the same statement sent as text was parsed and planned for every sale, inside the
 * agents' turn (docs/performance.md).
 */
export async function move(db: Conn, m: Move): Promise<MoveResult> {
  const n = m.notice;
  const result = await db.execute(sql`
    select * from card_move(${m.kind}::text, ${m.giverId}::int, ${m.takerId}::int, ${m.cardType}::smallint,
      ${m.quantity}::int, ${m.requireOpen}::boolean, ${n.agentId}::int, ${n.type}::smallint,
      ${n.fromAgentId ?? null}::int, ${n.fromAgentName ?? null}::text, ${n.toAgentId ?? null}::int,
      ${n.toAgentName ?? null}::text)`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    open: row.open === true,
    held: Number(row.held),
    giverBalance: num(row.giver_balance),
    takerBalance: num(row.taker_balance),
  };
}
