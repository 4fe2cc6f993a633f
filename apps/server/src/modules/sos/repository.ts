import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { filteredPages, type Place } from '../../db/page.ts';
import { orgs, sosRecords, terminals } from '../../db/schema.ts';
import { type Scope, scopeKey } from '../../http/caller.ts';

export type NewSos = typeof sosRecords.$inferInsert;

export const insertSos = async (db: Conn, row: NewSos) =>
  (await db.insert(sosRecords).values(row).returning())[0];

const scopeColumn = { org: sosRecords.orgId, sub: sosRecords.agentPath, top: sosRecords.topPath };

const inScope = (scope: Scope) => {
  const { kind, value } = scopeKey(scope);
  return eq(scopeColumn[kind], value);
};

/** The unprocessed alarms in scope (polled by every console). */
export const countUntreated = async (db: Conn, scope: Scope) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sosRecords)
      .where(and(inScope(scope), eq(sosRecords.status, 0)))
  )[0].n;

export interface SosFilter {
  status?: number;
  falseAlarm?: number;
  orgId?: number;
  terminalId?: number;
  from?: Date;
  to?: Date;
}

const withNames = {
  s: sosRecords,
  terminalName: terminals.name,
  ssid: terminals.ssid,
  orgName: orgs.name,
};

/** Unprocessed first (status 0), then the newest. */
const listOrder = [sosRecords.status, { desc: sosRecords.createdAt }, { desc: sosRecords.id }];

/** An alarm with its terminal's and company's names (and its place in the list, for the list). */
const withNamesOf = (db: Conn, place: Place | Record<never, never>) =>
  db
    .select({ ...withNames, ...place })
    .from(sosRecords)
    .innerJoin(terminals, eq(terminals.id, sosRecords.terminalId))
    .innerJoin(orgs, eq(orgs.id, sosRecords.orgId))
    .$dynamic();

/** A history: its total is read, not counted. */
export const listSos = filteredPages({
  table: sosRecords,
  scope: inScope,
  filters: {
    status: (v: number) => eq(sosRecords.status, v),
    falseAlarm: (v: number) => eq(sosRecords.falseAlarm, v === 1),
    orgId: (v: number) => eq(sosRecords.orgId, v),
    terminalId: (v: number) => eq(sosRecords.terminalId, v),
    from: (v: Date) => gte(sosRecords.createdAt, v),
    to: (v: Date) => lt(sosRecords.createdAt, v),
  },
  order: listOrder,
  total: 'read',
  rows: withNamesOf,
});

/** An alarm in scope with its terminal's and company's names. */
export const findSosIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await withNamesOf(db, {})
      .where(and(eq(sosRecords.id, id), inScope(scope)))
      .limit(1)
  )[0];

export interface Processing {
  processor: string;
  remark: string;
  falseAlarm: boolean;
}

/**
 * The alarms of a batch in scope, locked until the transaction ends, in ascending id order: batches over
 * overlapping alarms queue on their first shared row, and each reads the state the one before left.
 */
export const lockSosIn = (db: Conn, scope: Scope, ids: number[]) =>
  db
    .select({
      id: sosRecords.id,
      orgId: sosRecords.orgId,
      agentPath: sosRecords.agentPath,
      terminalId: sosRecords.terminalId,
      status: sosRecords.status,
    })
    .from(sosRecords)
    .where(and(inArray(sosRecords.id, ids), inScope(scope)))
    .orderBy(asc(sosRecords.id))
    .for('update');

/** Processes the locked alarms of a batch; returns how many. */
export const markAllProcessed = async (db: Conn, ids: number[], p: Processing) =>
  (
    await db
      .update(sosRecords)
      .set({ status: 1, processedAt: new Date(), ...p })
      .where(and(inArray(sosRecords.id, ids), eq(sosRecords.status, 0)))
      .returning({ id: sosRecords.id })
  ).length;
