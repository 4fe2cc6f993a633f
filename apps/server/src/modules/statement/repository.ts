import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { filteredPages } from '../../db/page.ts';
import { agentCards, agentCounts, agents, cardLedger, cardLedgerUsers, orgs } from '../../db/schema.ts';

export interface StatementFilter {
  cardType?: number;
  /** Instants: from `since` (included) to `until` (excluded). */
  since?: Date;
  until?: Date;
}

const mine = (agentId: number) => or(eq(cardLedger.fromAgentId, agentId), eq(cardLedger.toAgentId, agentId));

/**
 * An agent's ledger rows, newest first (the order the sales record reads through the same indexes), with
 * both sides' balances. Names are read for a page's rows afterwards (`withNames`): joined before the
 * sort, they would be looked up for every row of the agent's history.
 */
const statementPages = filteredPages({
  table: cardLedger,
  scope: mine,
  filters: {
    cardType: (v: number) => eq(cardLedger.cardType, v),
    since: (v: Date) => gte(cardLedger.createdAt, v),
    until: (v: Date) => lt(cardLedger.createdAt, v),
  },
  order: [{ desc: cardLedger.createdAt }, { desc: cardLedger.id }],
  total: 'counted',
  counter: (db, agentId, f) =>
    f.cardType === undefined && !f.since && !f.until
      ? db
          .select({ n: agentCounts.ledger })
          .from(agentCounts)
          .where(eq(agentCounts.agentId, agentId))
          .then((rows) => rows[0]?.n ?? 0)
      : undefined,
  rows: (db, place) =>
    db
      .select({
        id: cardLedger.id,
        kind: cardLedger.kind,
        cardType: cardLedger.cardType,
        quantity: cardLedger.quantity,
        fromAgentId: cardLedger.fromAgentId,
        fromBalance: cardLedger.fromBalance,
        toAgentId: cardLedger.toAgentId,
        toBalance: cardLedger.toBalance,
        orgId: cardLedger.orgId,
        operatorRole: cardLedger.operatorRole,
        operatorId: cardLedger.operatorId,
        createdAt: cardLedger.createdAt,
        ...place,
      })
      .from(cardLedger)
      .$dynamic(),
});

type LedgerRow = Awaited<ReturnType<typeof statementPages>>['list'][number];

const present = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

/** Users a consume row names on the statement; the rest are on its own page (`chargedPage`). */
export const chargedShown = 3;

/**
 * The first users (by terminal id) each consume row of a page charged, `chargedShown` at most per row:
 * one read for the page, each row's taken from its key's start.
 */
async function chargedOf(db: Conn, rows: LedgerRow[]) {
  const ids = rows.filter((r) => r.kind === 'consume').map((r) => r.id);
  const found = new Map<number, { id: number; ssid: string; name: string }[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const first = db
    .select({ id: cardLedgerUsers.terminalId, ssid: cardLedgerUsers.ssid, name: cardLedgerUsers.name })
    .from(cardLedgerUsers)
    .where(eq(cardLedgerUsers.ledgerId, sql`l.id`))
    .orderBy(cardLedgerUsers.terminalId)
    .limit(chargedShown)
    .as('u');
  const read = await db
    .select({ ledgerId: sql<number>`l.id`.mapWith(Number), id: first.id, ssid: first.ssid, name: first.name })
    .from(
      sql`(values ${sql.join(
        ids.map((id) => sql`(${id}::bigint)`),
        sql`, `,
      )}) as l(id)`,
    )
    .innerJoinLateral(first, sql`true`);
  for (const u of read) found.get(u.ledgerId)?.push({ id: u.id, ssid: u.ssid, name: u.name });
  return found;
}

/**
 * The rows with the names of both sides, the company and whoever made the move, and the first users a
 * consume row charged: one read of the agents, one of the companies the rows name and one of the users,
 * one after the other (a transaction's one connection).
 */
async function withNames(db: Conn, rows: LedgerRow[]) {
  const agentIds = present(
    rows.flatMap((r) => [r.fromAgentId, r.toAgentId, r.operatorRole === 0 ? r.operatorId : null]),
  );
  const orgIds = present(rows.flatMap((r) => [r.orgId, r.operatorRole === 1 ? r.operatorId : null]));
  const agentNames = new Map(
    agentIds.length === 0
      ? []
      : (
          await db
            .select({ id: agents.id, name: agents.name })
            .from(agents)
            .where(inArray(agents.id, agentIds))
        ).map((a) => [a.id, a.name] as const),
  );
  const orgNames = new Map(
    orgIds.length === 0
      ? []
      : (await db.select({ id: orgs.id, name: orgs.name }).from(orgs).where(inArray(orgs.id, orgIds))).map(
          (o) => [o.id, o.name] as const,
        ),
  );
  const named = (names: Map<number, string>, id: number | null) =>
    id === null ? null : (names.get(id) ?? null);
  const charged = await chargedOf(db, rows);
  return rows.map((r) => ({
    ...r,
    fromAgentName: named(agentNames, r.fromAgentId),
    toAgentName: named(agentNames, r.toAgentId),
    orgName: named(orgNames, r.orgId),
    operatorName: named(
      r.operatorRole === 1 ? orgNames : agentNames,
      r.operatorRole === null ? null : r.operatorId,
    ),
    charged: charged.get(r.id) ?? null,
  }));
}

export async function statementPage(
  db: Conn,
  agentId: number,
  f: StatementFilter,
  page: number,
  size: number,
) {
  const { list, total } = await statementPages(db, agentId, f, page, size);
  return { list: await withNames(db, list), total };
}

/** Rows named a thousand at a time, as an export reads them. */
const namedBatch = 1000;

/** Every row of an agent's statement filter, newest first, a batch at a time (for an export). */
export async function* statementEach(db: Conn, agentId: number, f: StatementFilter) {
  let batch: LedgerRow[] = [];
  for await (const row of statementPages.each(db, agentId, f, namedBatch)) {
    batch.push(row);
    if (batch.length === namedBatch) {
      yield* await withNames(db, batch);
      batch = [];
    }
  }
  yield* await withNames(db, batch);
}

export type StatementRecord = Awaited<ReturnType<typeof statementPage>>['list'][number];

const ofType = (cardType: number | undefined): SQL | undefined =>
  cardType === undefined ? undefined : eq(cardLedger.cardType, cardType);

/**
 * What moved an agent's cards from `since` to `until`, summed per card type, month (as the wall clock of
 * `timeZone` reads it), kind and direction (`incoming`: the agent is the side that received).
 */
export const monthTotals = (
  db: Conn,
  agentId: number,
  range: { since: Date; until: Date; timeZone: string; cardType?: number },
) => {
  const month = sql<string>`to_char(${cardLedger.createdAt} at time zone ${range.timeZone}, 'YYYY-MM')`;
  const incoming = sql<boolean>`${cardLedger.toAgentId} is not distinct from ${agentId}`;
  return (
    db
      .select({
        cardType: cardLedger.cardType,
        month,
        kind: cardLedger.kind,
        incoming,
        quantity: sql<number>`sum(${cardLedger.quantity})::int`,
      })
      .from(cardLedger)
      .where(
        and(
          mine(agentId),
          gte(cardLedger.createdAt, range.since),
          lt(cardLedger.createdAt, range.until),
          ofType(range.cardType),
        ),
      )
      // By position: the month's expression binds the zone as a parameter, and a second binding of it in
      // GROUP BY would not be the same expression to PostgreSQL.
      .groupBy(sql`1, 2, 3, 4`)
  );
};

/**
 * The agent's newest row of one side before an instant, for the card type of the outer balance row: one
 * short read down that side's index (agent, time, id, card type) per card type.
 */
const newestOf = (db: Conn, side: 'from' | 'to', agentId: number, until: Date) =>
  db
    .select({
      at: cardLedger.createdAt,
      id: cardLedger.id,
      balance: side === 'from' ? cardLedger.fromBalance : cardLedger.toBalance,
    })
    .from(cardLedger)
    .where(
      and(
        eq(side === 'from' ? cardLedger.fromAgentId : cardLedger.toAgentId, agentId),
        eq(cardLedger.cardType, agentCards.cardType),
        lt(cardLedger.createdAt, until),
      ),
    )
    .orderBy(desc(cardLedger.createdAt), desc(cardLedger.id))
    .limit(1)
    .as(side === 'from' ? 'gave' : 'took');

/**
 * Per card type, the newest row before an instant on each side of the agent (given or taken), with the
 * balance that side kept: the caller takes the later of the two as the balance at that instant.
 */
export function lastMovesBefore(db: Conn, agentId: number, until: Date, cardType?: number) {
  const gave = newestOf(db, 'from', agentId, until);
  const took = newestOf(db, 'to', agentId, until);
  return db
    .select({
      cardType: agentCards.cardType,
      gave: { at: gave.at, id: gave.id, balance: gave.balance },
      took: { at: took.at, id: took.id, balance: took.balance },
    })
    .from(agentCards)
    .leftJoinLateral(gave, sql`true`)
    .leftJoinLateral(took, sql`true`)
    .where(
      and(
        eq(agentCards.agentId, agentId),
        cardType === undefined ? undefined : eq(agentCards.cardType, cardType),
      ),
    );
}

/** One of the agent's consume rows, or undefined: whose users may be listed. */
export const consumeRowOf = async (db: Conn, agentId: number, id: number) =>
  (
    await db
      .select({ id: cardLedger.id, quantity: cardLedger.quantity })
      .from(cardLedger)
      .where(and(eq(cardLedger.id, id), eq(cardLedger.fromAgentId, agentId), eq(cardLedger.kind, 'consume')))
  )[0];

/** The users one consume row charged, by terminal id: the list its statement row opens. */
export const chargedPage = filteredPages({
  table: cardLedgerUsers,
  scope: (ledgerId: number) => eq(cardLedgerUsers.ledgerId, ledgerId),
  filters: {},
  order: [cardLedgerUsers.terminalId],
  total: 'counted',
  rows: (db, place) =>
    db
      .select({
        id: cardLedgerUsers.terminalId,
        ssid: cardLedgerUsers.ssid,
        name: cardLedgerUsers.name,
        ...place,
      })
      .from(cardLedgerUsers)
      .$dynamic(),
});
