import { and, asc, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { nameByRef, windowParam } from '../../db/page.ts';
import { preparedBy } from '../../db/prepared.ts';
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

/** Which of a filter's optional conditions a statement has: a bit each, so eight statements at most. */
const shapeOf = (f: RecordFilter) => (f.cardType !== undefined ? 1 : 0) | (f.start ? 2 : 0) | (f.end ? 4 : 0);

/** The values of a filter's placeholders; a range's dates are whole UTC days, the end included. */
const valuesOf = (f: RecordFilter) => ({
  agentId: f.agentId,
  cardType: f.cardType,
  start: f.start ? new Date(`${f.start}T00:00:00Z`).toISOString() : undefined,
  end: f.end ? new Date(Date.parse(`${f.end}T00:00:00Z`) + 86_400_000).toISOString() : undefined,
});

const param = {
  agentId: sql.placeholder('agentId'),
  cardType: sql.placeholder('cardType'),
  start: sql.placeholder('start'),
  end: sql.placeholder('end'),
  limit: windowParam('limit'),
  offset: windowParam('offset'),
  /** How far into each side a page reaches: its offset and its size. */
  reach: windowParam('reach'),
};

/** One side's condition of an agent's records: the index of that side holds every column it reads. */
const sideWhere = (side: 'from_agent_id' | 'to_agent_id', shape: number) =>
  sql.join(
    [
      sql`${sql.identifier(side)} = ${param.agentId}`,
      shape & 1 ? sql`card_type = ${param.cardType}` : undefined,
      shape & 2 ? sql`created_at >= ${param.start}` : undefined,
      shape & 4 ? sql`created_at < ${param.end}` : undefined,
    ].filter((c) => c !== undefined),
    sql` and `,
  );

/**
 * The ids of an agent's records, newest first: the newest rows it gave and the newest it took, each
 * read in its side's index order as far as the page reaches, then merged. No move has one agent on
 * both sides, so no row is listed twice. A deep page passes over index entries, not rows.
 */
const recordIds = (shape: number) => sql`
  select id from (
    (select id, created_at from card_ledger where ${sideWhere('from_agent_id', shape)}
      order by created_at desc, id desc limit ${param.reach})
    union all
    (select id, created_at from card_ledger where ${sideWhere('to_agent_id', shape)}
      order by created_at desc, id desc limit ${param.reach})
  ) mine order by created_at desc, id desc limit ${param.limit} offset ${param.offset}`;

/** The total of a filter: from agent_counts without conditions, otherwise counted on both sides' indexes. */
const totalOf = (shape: number) =>
  shape
    ? sql<number>`((select count(*) from card_ledger where ${sideWhere('from_agent_id', shape)})
        + (select count(*) from card_ledger where ${sideWhere('to_agent_id', shape)}))::int`
    : sql<number>`coalesce((select c.ledger from agent_counts c where c.agent_id = ${param.agentId}), 0)::int`;

const nameOf = (column: string) => nameByRef<string | null>(agents, 'card_ledger', column);

/**
 * A page of an agent's records, newest first, with the names of both sides and the company, and the
 * total, in one statement per filter shape.
 */
const recordPage = preparedBy((db, shape: number) =>
  db
    .select({
      id: cardLedger.id,
      kind: cardLedger.kind,
      cardType: cardLedger.cardType,
      quantity: cardLedger.quantity,
      fromAgentId: cardLedger.fromAgentId,
      fromAgentName: nameOf('from_agent_id'),
      toAgentId: cardLedger.toAgentId,
      toAgentName: nameOf('to_agent_id'),
      orgName: nameByRef<string | null>(orgs, 'card_ledger', 'org_id'),
      createdAt: cardLedger.createdAt,
      total: totalOf(shape),
    })
    .from(cardLedger)
    .where(sql`${cardLedger.id} = any(array(${recordIds(shape)}))`)
    .orderBy(desc(cardLedger.createdAt), desc(cardLedger.id))
    .prepare(`ledger_page_${shape}`),
);

export const records = (db: Conn, f: RecordFilter, limit: number, offset = 0) =>
  recordPage(db, shapeOf(f)).execute({ ...valuesOf(f), limit, offset, reach: offset + limit });

const recordCount = preparedBy((db, shape: number) =>
  db
    .select({ n: totalOf(shape) })
    .from(sql`(select 1) one`)
    .prepare(`ledger_count_${shape}`),
);

/** The total of a page past the last one, where no row carries it. */
export const countRecords = async (db: Conn, f: RecordFilter) =>
  Number((await recordCount(db, shapeOf(f)).execute(valuesOf(f)))[0].n);

export interface MoveRow {
  agentId: number;
  /** The balance and switch read under the lock, before the move. */
  held: number;
  enabled: boolean;
  /** The balance after the move; null when nothing moved. */
  balance: number | null;
}

/**
 * Moves `quantity` cards between two agents in one statement: both balance rows of the card type locked
 * in agent-id order, then, when both exist, the giver's covers the quantity and (`switched`) both have
 * the type switched on, both balances moved, the ledger row and `also(moved)` (the deal notice, written
 * where `moved` holds) written. Run alone, the locks last as long as the statement: no round trip is made
 * while they are held. Returns the locked rows, as read before the move and after it.
 */
export async function moveCards(
  db: Conn,
  m: {
    kind: string;
    cardType: number;
    quantity: number;
    giverId: number;
    takerId: number;
    switched: boolean;
  },
  also: (moved: SQL) => SQL,
) {
  const { kind, cardType, quantity, giverId, takerId, switched } = m;
  const moved = sql`(select count(*) from moved) = 2`;
  // The lock's rows are all read (the count in `allowed`) before the update looks at any, so every move
  // takes its two locks in the same order. The new balances are computed from the locked rows: the
  // update's own view of a row is the statement's snapshot, which a move committed while this one waited
  // has outdated, and PostgreSQL checks constraints on the row it computes before it finds that out.
  const result = (await db.execute(sql`
    with locked as materialized (
      select agent_id, balance, enabled from ${agentCards}
      where card_type = ${cardType} and agent_id in (${giverId}, ${takerId})
      order by agent_id for update
    ), allowed as (
      select count(*) = 2 and bool_and(enabled or not ${switched}::boolean)
        and bool_and(agent_id <> ${giverId} or balance >= ${quantity}::int) as yes
      from locked
    ), moved as (
      update ${agentCards} c
      set balance = l.balance + case when l.agent_id = ${giverId} then ${-quantity}::int else ${quantity}::int end
      from locked l
      where c.card_type = ${cardType} and c.agent_id = l.agent_id and (select yes from allowed)
      returning c.agent_id, c.balance
    ), ledger as (
      insert into ${cardLedger} (kind, card_type, quantity, from_agent_id, to_agent_id)
      select ${kind}, ${cardType}, ${quantity}, ${giverId}, ${takerId} where ${moved}
    ), also as (${also(moved)})
    select l.agent_id as "agentId", l.balance as held, l.enabled, m.balance
    from locked l left join moved m on m.agent_id = l.agent_id`)) as unknown as {
    rows: { agentId: number; held: number; enabled: boolean; balance: number | null }[];
  };
  return result.rows.map(
    (r): MoveRow => ({
      agentId: Number(r.agentId),
      held: Number(r.held),
      enabled: r.enabled,
      balance: r.balance === null ? null : Number(r.balance),
    }),
  );
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
