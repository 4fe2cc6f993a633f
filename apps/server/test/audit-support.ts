import { sql } from 'drizzle-orm';
import { auditLog } from '../src/db/schema.ts';
import type { TestApp } from './harness.ts';

/** The newest audit row of an action, or undefined. */
export const lastAuditRow = async (t: TestApp, action: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = ${action}`)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
  )[0];

/**
 * Runs `work` while the audit log refuses rows of one action, as a full disk or a broken partition would
 * refuse any: a trigger on every partition raises an error for that action.
 */
export async function whileAuditRefuses(t: TestApp, action: string, work: () => Promise<void>) {
  const db = t.database.db;
  await db.execute(
    sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$
      begin if new.action = '${action}' then raise exception 'audit refused'; end if; return new; end $$`),
  );
  const partitions = await db.execute(
    sql.raw(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
             where i.inhparent = 'audit_log'::regclass`),
  );
  const names = (
    (partitions as unknown as { rows?: { name: string }[] }).rows ??
    (partitions as unknown as { name: string }[])
  ).map((r) => r.name);
  try {
    for (const name of names)
      await db.execute(
        sql.raw(`create trigger refuse_audit before insert on ${name}
          for each row execute function refuse_audit()`),
      );
    await work();
  } finally {
    for (const name of names) await db.execute(sql.raw(`drop trigger if exists refuse_audit on ${name}`));
    await db.execute(sql.raw('drop function refuse_audit()'));
  }
}
