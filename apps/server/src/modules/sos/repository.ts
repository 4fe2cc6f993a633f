import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { byScopeColumn, filteredPages } from '../../db/page.ts';
import { preparedBy } from '../../db/prepared.ts';
import { orgs, sosRecords, terminals } from '../../db/schema.ts';
import { type Scope, type ScopeKind, scopeKey } from '../../http/caller.ts';

export type NewSos = typeof sosRecords.$inferInsert;

export const insertSos = async (db: Conn, row: NewSos) =>
  (await db.insert(sosRecords).values(row).returning())[0];

const scopeColumn = { org: sosRecords.orgId, sub: sosRecords.agentPath, top: sosRecords.topPath };

const untreated = preparedBy((db, kind: ScopeKind) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(sosRecords)
    .where(and(eq(scopeColumn[kind], sql.placeholder('scope')), eq(sosRecords.status, 0)))
    .prepare(`sos_untreated_${kind}`),
);

/** The unprocessed alarms in scope (polled by every console). */
export const countUntreated = async (db: Conn, scope: Scope) => {
  const { kind, value } = scopeKey(scope);
  return (await untreated(db, kind).execute({ scope: value }))[0].n;
};

export interface SosFilter {
  status?: number;
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
const listOrder = [asc(sosRecords.status), desc(sosRecords.createdAt), desc(sosRecords.id)];

export const listSos = filteredPages({
  name: 'sos',
  id: sosRecords.id,
  order: listOrder,
  total: 'read',
  ...byScopeColumn(scopeKey, scopeColumn),
  filters: {
    status: (v) => eq(sosRecords.status, v),
    orgId: (v) => eq(sosRecords.orgId, v),
    terminalId: (v) => eq(sosRecords.terminalId, v),
    from: (v) => gte(sosRecords.createdAt, v),
    to: (v) => lt(sosRecords.createdAt, v),
  },
  read: (db, onRows) =>
    db
      .select(withNames)
      .from(sosRecords)
      .innerJoin(terminals, eq(terminals.id, sosRecords.terminalId))
      .innerJoin(orgs, eq(orgs.id, sosRecords.orgId))
      .where(onRows)
      .orderBy(...listOrder),
});

const sosIn = preparedBy((db, kind: ScopeKind) =>
  db
    .select(withNames)
    .from(sosRecords)
    .innerJoin(terminals, eq(terminals.id, sosRecords.terminalId))
    .innerJoin(orgs, eq(orgs.id, sosRecords.orgId))
    .where(and(eq(sosRecords.id, sql.placeholder('id')), eq(scopeColumn[kind], sql.placeholder('scope'))))
    .limit(1)
    .prepare(`sos_in_${kind}`),
);

/** An alarm in scope with its terminal's and company's names. */
export const findSosIn = async (db: Conn, scope: Scope, id: number) => {
  const { kind, value } = scopeKey(scope);
  return (await sosIn(db, kind).execute({ id, scope: value }))[0];
};

/** Processes an unprocessed record; false when it was already processed (two people at once, say). */
export const markProcessed = async (db: Conn, id: number, processor: string, remark: string) =>
  (
    await db
      .update(sosRecords)
      .set({ status: 1, processor, processedAt: new Date(), remark })
      .where(and(eq(sosRecords.id, id), eq(sosRecords.status, 0)))
      .returning({ id: sosRecords.id })
  ).length === 1;
