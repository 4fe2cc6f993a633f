import { api, Code } from '@ptt/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import type { Session, TestApp } from './harness.ts';

/** The newest audit row of an action, or undefined. */
export const lastAuditRow = async (t: TestApp, action: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
  )[0];

const rowsOf = <R>(res: unknown) => (res as { rows?: R[] }).rows ?? (res as R[]);

/**
 * Makes the audit log refuse the rows of one action, as a full disk or a broken partition would refuse
 * any, on every partition; answers the undoing of it.
 */
export async function refuseAudit(t: TestApp, action: string) {
  // Triggers are the owner's to add (the server's role owns nothing).
  const db = t.database.owner;
  await db.execute(
    sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$
      begin if new.action = '${action}' then raise exception 'audit refused'; end if; return new; end $$`),
  );
  const names = rowsOf<{ name: string }>(
    await db.execute(
      sql.raw(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
               where i.inhparent = 'audit_log'::regclass`),
    ),
  ).map((r) => r.name);
  for (const name of names)
    await db.execute(
      sql.raw(`create trigger refuse_audit before insert on ${name}
        for each row execute function refuse_audit()`),
    );
  return async () => {
    for (const name of names) await db.execute(sql.raw(`drop trigger if exists refuse_audit on ${name}`));
    await db.execute(sql.raw('drop function refuse_audit()'));
  };
}

/** Runs `work` while the audit log refuses rows of one action (see `refuseAudit`). */
export async function whileAuditRefuses(t: TestApp, action: string, work: () => Promise<void>) {
  const undo = await refuseAudit(t, action);
  try {
    await work();
  } finally {
    await undo();
  }
}

/** A page of the audit list as a session reads it (days in UTC), answered without an error. */
export async function auditPage(t: TestApp, session: Session, params: Record<string, unknown> = {}) {
  const res = await t.call(api.audit.list, { timeZone: 'UTC', ...params }, session);
  expect(res.code, res.msg.en).toBe(Code.ok);
  return res.data;
}
