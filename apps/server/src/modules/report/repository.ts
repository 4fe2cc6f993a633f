import { and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client.ts';
import {
  cardLedger,
  fenceRecords,
  orgOnlineWeeks,
  sosRecords,
  terminalCreatedHours,
  terminalExpiries,
} from '../../db/schema.ts';
import { type Scope, scopeKey } from '../../http/caller.ts';

/*
 * Each report is a few grouped reads, one per table, each bounded below by the period's first instant so
 * that it reads the rows of the period on the table's scope index. Buckets are keyed by text, the month
 * (YYYY-MM) or the Monday of the week (YYYY-MM-DD) as the zone's wall clock reads the instant; grouped by
 * position, because the zone is a parameter and a parameter written twice is two expressions.
 */

const monthOf = (at: AnyPgColumn, zone: string) =>
  sql<string>`to_char(date_trunc('month', ${at} at time zone ${zone}), 'YYYY-MM')`;
const weekOf = (at: AnyPgColumn, zone: string) =>
  sql<string>`to_char(date_trunc('week', ${at} at time zone ${zone}), 'YYYY-MM-DD')`;
const byFirst = [sql`1`];
const n = (expr: SQL) => sql<number>`(${expr})::int`;

/**
 * An agent's card movements per month and card type since `from`: bought (its parent's sales to it), sold
 * (its sales), consumed (for terminals) and recycled (taken back from its sub-agents). Each side is read on
 * its own ledger index.
 */
export const cardMonths = (db: Conn, agentId: number, from: Date, zone: string, cardType?: number) =>
  db
    .select({
      month: monthOf(cardLedger.createdAt, zone),
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
        gte(cardLedger.createdAt, from),
        cardType === undefined ? undefined : eq(cardLedger.cardType, cardType),
      ),
    )
    .groupBy(sql`1`, sql`2`);

const expiryScope = {
  org: terminalExpiries.orgId,
  sub: terminalExpiries.agentPath,
  top: terminalExpiries.topPath,
};
const scoped = (columns: Record<'org' | 'sub' | 'top', AnyPgColumn>, scope: Scope) => {
  const { kind, value } = scopeKey(scope);
  return eq(columns[kind], value);
};

/**
 * Terminals below an agent's path created per month since `from`, from the hours their triggers count
 * (`terminal_created_hours`): a scope's hours of the period, not its terminals.
 */
export const createdMonths = (db: Conn, agentPath: string, from: Date, zone: string) =>
  db
    .select({ month: monthOf(terminalCreatedHours.hour, zone), n: n(sql`sum(${terminalCreatedHours.n})`) })
    .from(terminalCreatedHours)
    .where(and(eq(terminalCreatedHours.path, agentPath), gte(terminalCreatedHours.hour, from)))
    .groupBy(...byFirst);

/**
 * Terminals in scope per month whose voice service expired from `fromDay` to before `today` (YYYY-MM-DD)
 * and still stands: a renewal moves the expiry row out of the month.
 */
export const lapsedMonths = (db: Conn, scope: Scope, fromDay: string, today: string) =>
  db
    .select({ month: sql<string>`to_char(${terminalExpiries.expires}, 'YYYY-MM')`, n: n(sql`count(*)`) })
    .from(terminalExpiries)
    .where(
      and(
        scoped(expiryScope, scope),
        eq(terminalExpiries.function, 'voice'),
        gte(terminalExpiries.expires, fromDay),
        lt(terminalExpiries.expires, today),
      ),
    )
    .groupBy(...byFirst);

/** A company's SOS alarms raised per week since `from`, and those processed per week. */
export const sosWeeks = async (db: Conn, orgId: number, from: Date, zone: string) => {
  const raised = await db
    .select({ week: weekOf(sosRecords.createdAt, zone), n: n(sql`count(*)`) })
    .from(sosRecords)
    .where(and(eq(sosRecords.orgId, orgId), gte(sosRecords.createdAt, from)))
    .groupBy(...byFirst);
  const processed = await db
    .select({ week: weekOf(sosRecords.processedAt, zone), n: n(sql`count(*)`) })
    .from(sosRecords)
    .where(and(eq(sosRecords.orgId, orgId), gte(sosRecords.processedAt, from)))
    .groupBy(...byFirst);
  return { raised, processed };
};

/** A company's fence alarms per week since `from`. */
export const fenceWeeks = (db: Conn, orgId: number, from: Date, zone: string) =>
  db
    .select({ week: weekOf(fenceRecords.at, zone), n: n(sql`count(*)`) })
    .from(fenceRecords)
    .where(and(eq(fenceRecords.orgId, orgId), gte(fenceRecords.at, from)))
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
