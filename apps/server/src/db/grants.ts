import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Serialises instances that start at once: PostgreSQL refuses concurrent grants on one object. */
const grantLock = 0x677261;

/**
 * What the server's role may do, granted by the owner after the migrations, on every start (a new table
 * of a migration is covered at once; granting again changes nothing). It reads and writes every table
 * but the audit log, which it may only read and append to, its months included; it owns nothing, so it
 * can neither drop nor alter a table. Tables the owner makes later (the days and months of partitions)
 * give it SELECT and INSERT by default: the server reaches them through their parent, whose grants are
 * the ones PostgreSQL checks. The SQL is in docs/operations.md.
 */
export async function grantServerRole(owner: Db, role: string) {
  const to = sql.identifier(role);
  await owner.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${grantLock})`);
    await tx.execute(sql`grant usage on schema public, drizzle to ${to}`);
    await tx.execute(sql`grant select, insert, update, delete on all tables in schema public to ${to}`);
    await tx.execute(sql`grant usage, select on all sequences in schema public to ${to}`);
    // The applied migrations, which /readyz counts.
    await tx.execute(sql`grant select on all tables in schema drizzle to ${to}`);
    const months = rowsOf<{ name: string }>(
      await tx.execute(
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'audit_log'::regclass`,
      ),
    );
    for (const table of ['audit_log', ...months.map((m) => m.name)])
      await tx.execute(sql`revoke update, delete, truncate on ${sql.identifier(table)} from ${to}`);
    await tx.execute(sql`alter default privileges in schema public grant select, insert on tables to ${to}`);
    await tx.execute(
      sql`alter default privileges in schema public grant usage, select on sequences to ${to}`,
    );
  });
}
