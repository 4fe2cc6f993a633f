import { and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client.ts';
import {
  cardLedger,
  fenceRecords,
  orgOnlineWeeks,
  sosRecords,
  terminalCreatedHours,
  terminalFunctionDays,
} from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';
import { countedIn } from '../../lib/expiries.ts';

/*
 * Each report is a few grouped reads, one per table, each bounded below by the period's first instant so
 * that it reads the rows of the period on the table's scope index. An instant's bucket is the number of
 * the period it falls in (1 for the first), found among the periods' first instants, which the service
 * computes in the zone asked for: comparing instants, not converting each row to the zone's wall clock.
 */

/** The periods' first instants, ascending, as one array parameter. */
const instants = (starts: Date[]) => `{${starts.map((s) => s.toISOString()).join(',')}}`;
/** Which of the periods starting at `starts` the instant falls in: 1 for the first, 2 for the second, … */
const periodOf = (at: AnyPgColumn, starts: Date[]) =>
  sql<number>`width_bucket(${at}, ${instants(starts)}::timestamptz[])`;
const byFirst = [sql`1`];
const n = (expr: SQL) => sql<number>`(${expr})::int`;

/**
 * An agent's card movements in each of the months starting at `starts`, per card type: bought (its parent's sales to it), sold
 * (its sales), consumed (for terminals) and recycled (taken back from its sub-agents). Each side is read on
 * its own ledger index.
 */
export const cardMonths = (db: Conn, agentId: number, starts: Date[], cardType?: number) =>
  db
    .select({
      period: periodOf(cardLedger.createdAt, starts),
      cardType: cardLedger.cardType,
      bought: n(
        sql`coalesce(sum(${cardLedger.quantity}) filter (where ${cardLedger.kind} = 'sale' and ${cardLedger.toAgentId} = ${agentId}), 0)`,
      ),
      sold: n(
        sql`coalesce(sum(${cardLedger.quantity}) filter (where ${cardLedger.kind} = 'sale' and ${cardLedger.fromAgentId} = ${agentId}), 0)`,
      ),
      consumed: n(
        sql`coalesce(sum(${cardLedger.quantity}) filter (where ${cardLedger.kind} = 'consume'), 0)`,
      ),
      recycled: n(
        sql`coalesce(sum(${cardLedger.quantity}) filter (where ${cardLedger.kind} = 'recycle'), 0)`,
      ),
    })
    .from(cardLedger)
    .where(
      and(
        or(
          and(eq(cardLedger.fromAgentId, agentId), inArray(cardLedger.kind, ['sale', 'consume'])),
          and(eq(cardLedger.toAgentId, agentId), inArray(cardLedger.kind, ['sale', 'recycle'])),
        ),
        gte(cardLedger.createdAt, starts[0]),
        cardType === undefined ? undefined : eq(cardLedger.cardType, cardType),
      ),
    )
    .groupBy(sql`1`, sql`2`);

/**
 * Terminals below an agent's path created per month since the first of `starts`, from the hours their
 * triggers count (`terminal_created_hours`): a scope's hours of the period, not its terminals.
 */
export const createdMonths = (db: Conn, agentPath: string, starts: Date[]) =>
  db
    .select({
      period: periodOf(terminalCreatedHours.hour, starts),
      n: n(sql`sum(${terminalCreatedHours.n})`),
    })
    .from(terminalCreatedHours)
    .where(and(eq(terminalCreatedHours.path, agentPath), gte(terminalCreatedHours.hour, starts[0])))
    .groupBy(...byFirst);

/**
 * Terminals in scope per month whose voice service expired from `fromDay` to before `today` (YYYY-MM-DD)
 * and still stands (a renewal moves the expiry out of the month), from the terminals per expiry day and
 * function that the triggers count (`terminal_function_days`): a row a day, not the terminals.
 */
export const lapsedMonths = (db: Conn, scope: Scope, fromDay: string, today: string) =>
  db
    .select({
      month: sql<string>`to_char(${terminalFunctionDays.day}, 'YYYY-MM')`,
      n: n(sql`sum(${terminalFunctionDays.n})`),
    })
    .from(terminalFunctionDays)
    .where(
      and(
        countedIn(terminalFunctionDays, scope),
        eq(terminalFunctionDays.function, 'voice'),
        gte(terminalFunctionDays.day, fromDay),
        lt(terminalFunctionDays.day, today),
      ),
    )
    .groupBy(...byFirst);

/** A company's SOS alarms raised in each of the weeks starting at `starts`, and those processed. */
export const sosWeeks = async (db: Conn, orgId: number, starts: Date[]) => {
  const raised = await db
    .select({ period: periodOf(sosRecords.createdAt, starts), n: n(sql`count(*)`) })
    .from(sosRecords)
    .where(and(eq(sosRecords.orgId, orgId), gte(sosRecords.createdAt, starts[0])))
    .groupBy(...byFirst);
  const processed = await db
    .select({ period: periodOf(sosRecords.processedAt, starts), n: n(sql`count(*)`) })
    .from(sosRecords)
    .where(and(eq(sosRecords.orgId, orgId), gte(sosRecords.processedAt, starts[0])))
    .groupBy(...byFirst);
  return { raised, processed };
};

/** A company's fence alarms in each of the weeks starting at `starts`. */
export const fenceWeeks = (db: Conn, orgId: number, starts: Date[]) =>
  db
    .select({ period: periodOf(fenceRecords.at, starts), n: n(sql`count(*)`) })
    .from(fenceRecords)
    .where(and(eq(fenceRecords.orgId, orgId), gte(fenceRecords.at, starts[0])))
    .groupBy(...byFirst);

/**
 * Terminals that called while in the company per UTC week (its Monday, YYYY-MM-DD) from `fromWeek`, from
 * the counts its triggers keep (`org_online_weeks`): a row a week, not the terminals.
 */
export const onlineWeeks = (db: Conn, orgId: number, fromWeek: string) =>
  db
    .select({ week: sql<string>`to_char(${orgOnlineWeeks.week}, 'YYYY-MM-DD')`, n: orgOnlineWeeks.n })
    .from(orgOnlineWeeks)
    .where(and(eq(orgOnlineWeeks.orgId, orgId), gte(orgOnlineWeeks.week, fromWeek)));
