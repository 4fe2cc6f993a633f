import type { AuditTarget } from '@ptt/contract';
import { desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client.ts';
import { filteredPages } from '../../db/page.ts';
import { agents, auditLog, feedback, fences, groups, orgs, sosRecords, terminals } from '../../db/schema.ts';
import { type Scope, scopeKey } from '../../http/caller.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;

export const insertAudit = (db: Conn, row: NewAuditRow) => db.insert(auditLog).values(row);

/** The account name of an agent (role 0) or a company (role 1). */
export const accountOf = async (db: Conn, role: number, id: number) => {
  const table = role === 0 ? agents : orgs;
  const [row] = await db.select({ account: table.account }).from(table).where(eq(table.id, id));
  return row?.account ?? '';
};

/** The table each kind of target is read from. */
const targetTables: Record<AuditTarget, PgTable & { id: PgColumn }> = {
  agent: agents,
  org: orgs,
  terminal: terminals,
  group: groups,
  fence: fences,
  sos: sosRecords,
  feedback,
};

/** Target records as they are now, whole rows by id (a missing one is absent). */
export async function snapshot(db: Conn, kind: AuditTarget, ids: number[]) {
  if (ids.length === 0) return new Map<number, Record<string, unknown>>();
  const table = targetTables[kind];
  const rows = (await db.select().from(table).where(inArray(table.id, ids))) as Record<string, unknown>[];
  return new Map(rows.map((r) => [Number(r.id), r]));
}

const scopeColumn = { org: auditLog.orgId, sub: auditLog.agentPath, top: auditLog.topPath };

export interface AuditFilter {
  actor?: string;
  action?: string;
  orgId?: number;
  from?: Date;
  to?: Date;
}

/** A history, newest first: its total is read, not counted. */
export const listAudit = filteredPages({
  table: auditLog,
  scope: (scope: Scope) => {
    const { kind, value } = scopeKey(scope);
    return eq(scopeColumn[kind], value);
  },
  filters: {
    actor: (v: string) => eq(auditLog.actorAccount, v),
    action: (v: string) => eq(auditLog.action, v),
    orgId: (v: number) => eq(auditLog.orgId, v),
    from: (v: Date) => gte(auditLog.at, v),
    to: (v: Date) => lt(auditLog.at, v),
  },
  order: [desc(auditLog.at), desc(auditLog.id)],
  total: 'read',
  rows: (db: Conn) => db.select().from(auditLog).$dynamic(),
});
