import type { AuditTarget } from '@ptt/contract';
import { desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Conn, Db } from '../../db/client.ts';
import { filteredPages } from '../../db/page.ts';
import { agents, auditLog, fences, groups, orgs, sosRecords, terminals } from '../../db/schema.ts';
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

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The month tables of audit_log, as `YYYY-MM`, oldest first. */
export async function monthPartitions(db: Conn): Promise<string[]> {
  const result = await db.execute(
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'audit_log'::regclass and c.relname ~ '^audit_log_p[0-9]{6}$'`,
  );
  return rowsOf<{ name: string }>(result)
    .map(({ name }) => `${name.slice(11, 15)}-${name.slice(15, 17)}`)
    .sort();
}

const tableOf = (month: string) => sql.raw(`audit_log_p${month.replace('-', '')}`);
const PARTITION_LOCK = 0x617564;

/** Rows of the default partition in [from, to): they cannot move out of it, the log being append-only. */
const defaultHolds = async (db: Conn, from: Date, to?: Date) =>
  rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from audit_log_default
          where at >= ${from.toISOString()} ${to ? sql`and at < ${to.toISOString()}` : sql``} limit 1) x`,
    ),
  )[0].n > 0;

/** Every table of the log refuses TRUNCATE: a statement trigger on the parent does not reach them. */
const refuseTruncate = (table: ReturnType<typeof sql.raw>) =>
  sql`create trigger audit_log_no_truncate before truncate on ${table}
      for each statement execute function audit_log_append_only()`;

/**
 * Adds the table of one month, [from, to). A month some of whose rows already sit in the default
 * partition stays there (moving them would delete them), so this answers false for it. Instances serialise
 * on an advisory lock, so two starting at once add each month once.
 */
export const addMonthPartition = (db: Db, month: string, from: Date, to: Date) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
    if ((await monthPartitions(tx)).includes(month) || (await defaultHolds(tx, from, to))) return false;
    const table = tableOf(month);
    await tx.execute(
      sql`create table ${table} partition of audit_log
          for values from (${sql.raw(`'${from.toISOString()}'`)}) to (${sql.raw(`'${to.toISOString()}'`)})`,
    );
    await tx.execute(refuseTruncate(table));
    return true;
  });

/** Drops one month's table whole: retention without deleting a row. */
export const dropMonthPartition = (db: Db, month: string) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
    await tx.execute(sql`drop table if exists ${tableOf(month)}`);
  });

/**
 * The default partition is dropped and made again once all it holds is past the retention (it cannot be
 * emptied row by row); true when it was.
 */
export const renewDefaultBefore = (db: Db, cutoff: Date) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
    if (!(await defaultHolds(tx, new Date(0), cutoff)) || (await defaultHolds(tx, cutoff))) return false;
    const table = sql.raw('audit_log_default');
    await tx.execute(sql`drop table ${table}`);
    await tx.execute(sql`create table ${table} partition of audit_log default`);
    await tx.execute(refuseTruncate(table));
    return true;
  });
