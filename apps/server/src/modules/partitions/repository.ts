import { sql } from 'drizzle-orm';
import type { Conn, Db } from '../../db/client.ts';

/**
 * A table partitioned by time: positions by UTC day, the audit log by UTC month. Each names its tables
 * `<parent>_p<digits of the period>` and serialises its changes on its own advisory lock, so instances
 * starting at once add each table once.
 */
export interface Partitioned {
  parent: 'positions' | 'audit_log';
  /** Digits of a table's period: 8 for a day (YYYYMMDD), 6 for a month (YYYYMM). */
  digits: 8 | 6;
  lock: number;
}

export const positionDays: Partitioned = { parent: 'positions', digits: 8, lock: 0x706f73 };
export const auditMonths: Partitioned = { parent: 'audit_log', digits: 6, lock: 0x617564 };

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** A period (`YYYY-MM-DD` or `YYYY-MM`) and its table. */
const tableOf = (p: Partitioned, period: string) => sql.raw(`${p.parent}_p${period.replaceAll('-', '')}`);
const defaultOf = (p: Partitioned) => sql.raw(`${p.parent}_default`);
const lock = (tx: Conn, p: Partitioned) => tx.execute(sql`select pg_advisory_xact_lock(${p.lock})`);
const bound = (at: Date) => sql.raw(`'${at.toISOString()}'`);

/** The periods that have a table, as `YYYY-MM-DD` or `YYYY-MM`, oldest first. */
export async function periods(db: Conn, p: Partitioned): Promise<string[]> {
  const result = await db.execute(
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${p.parent}::regclass and c.relname ~ ${`^${p.parent}_p[0-9]{${p.digits}}$`}`,
  );
  const at = p.parent.length + 2;
  return rowsOf<{ name: string }>(result)
    .map(({ name }) => {
      const d = name.slice(at);
      return [d.slice(0, 4), d.slice(4, 6), d.slice(6, 8)].filter(Boolean).join('-');
    })
    .sort();
}

/** Rows of the default partition in [from, to). */
const defaultHolds = async (db: Conn, p: Partitioned, from: Date, to?: Date) =>
  rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${defaultOf(p)}
          where at >= ${from.toISOString()} ${to ? sql`and at < ${to.toISOString()}` : sql``} limit 1) x`,
    ),
  )[0].n > 0;

/** Every table of the audit log refuses TRUNCATE: a statement trigger on the parent does not reach them. */
const refuseTruncate = (table: ReturnType<typeof sql.raw>) =>
  sql`create trigger audit_log_no_truncate before truncate on ${table}
      for each statement execute function audit_log_append_only()`;

/**
 * Adds the table of one day of positions, [from, to). Positions of that day that arrived while it had
 * none sit in the default partition and move into it, which PostgreSQL requires before it attaches it.
 */
export const addDay = (db: Db, day: string, from: Date, to: Date) =>
  db.transaction(async (tx) => {
    const p = positionDays;
    await lock(tx, p);
    if ((await periods(tx, p)).includes(day)) return false;
    const table = tableOf(p, day);
    await tx.execute(sql`create table ${table} (like positions including defaults including constraints)`);
    await tx.execute(
      sql`with moved as (delete from positions_default where at >= ${from.toISOString()}
          and at < ${to.toISOString()} returning *) insert into ${table} select * from moved`,
    );
    await tx.execute(
      sql`alter table positions attach partition ${table} for values from (${bound(from)}) to (${bound(to)})`,
    );
    return true;
  });

/**
 * Adds the table of one month of the audit log, [from, to). A month some of whose rows already sit in the
 * default partition stays there (moving them would delete them, the log being append-only): false.
 */
export const addMonth = (db: Db, month: string, from: Date, to: Date) =>
  db.transaction(async (tx) => {
    const p = auditMonths;
    await lock(tx, p);
    if ((await periods(tx, p)).includes(month) || (await defaultHolds(tx, p, from, to))) return false;
    const table = tableOf(p, month);
    await tx.execute(
      sql`create table ${table} partition of audit_log for values from (${bound(from)}) to (${bound(to)})`,
    );
    await tx.execute(refuseTruncate(table));
    return true;
  });

/** Drops one period's table whole: retention without deleting row by row. */
export const drop = (db: Db, p: Partitioned, period: string) =>
  db.transaction(async (tx) => {
    await lock(tx, p);
    await tx.execute(sql`drop table if exists ${tableOf(p, period)}`);
  });

/** Stragglers past the retention that arrived for a day without its own table. */
export const deleteDefaultPositionsBefore = (db: Conn, cutoff: Date) =>
  db.execute(sql`delete from positions_default where at < ${cutoff.toISOString()}`);

/**
 * The audit log's default partition is dropped and made again once all it holds is past the retention (it
 * cannot be emptied row by row); true when it was.
 */
export const renewAuditDefaultBefore = (db: Db, cutoff: Date) =>
  db.transaction(async (tx) => {
    const p = auditMonths;
    await lock(tx, p);
    if (!(await defaultHolds(tx, p, new Date(0), cutoff)) || (await defaultHolds(tx, p, cutoff)))
      return false;
    const table = defaultOf(p);
    await tx.execute(sql`drop table ${table}`);
    await tx.execute(sql`create table ${table} partition of audit_log default`);
    await tx.execute(refuseTruncate(table));
    return true;
  });
