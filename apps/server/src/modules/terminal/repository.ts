import { and, asc, eq, getTableColumns, inArray, like, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { groupMembers, groups, orgs, terminals } from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';
import { inScope } from './list-repository.ts';

export type NewTerminal = typeof terminals.$inferInsert;

export const insertTerminals = (db: Conn, rows: NewTerminal[]) =>
  db.insert(terminals).values(rows).returning();

export const existingSsids = async (db: Conn, ssids: string[]) =>
  (await db.select({ ssid: terminals.ssid }).from(terminals).where(inArray(terminals.ssid, ssids))).map(
    (r) => r.ssid,
  );

export type TerminalRow = typeof terminals.$inferSelect;

export const findTerminalIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await db
      .select()
      .from(terminals)
      .where(and(eq(terminals.id, id), inScope(scope)))
      .limit(1)
  )[0];

export const findTerminalsIn = (db: Conn, scope: Scope, ids: number[]) =>
  db
    .select()
    .from(terminals)
    .where(and(inArray(terminals.id, ids), inScope(scope)));

/**
 * The terminals of a multi-row write, locked until its transaction ends, always in ascending id order:
 * two writes over overlapping lists then queue on their first shared row instead of deadlocking, and
 * what they read is the newest row, so a value read and written back loses no concurrent change.
 */
export const lockTerminalsIn = (db: Conn, scope: Scope, ids: number[]) =>
  db
    .select()
    .from(terminals)
    .where(and(inArray(terminals.id, ids), inScope(scope)))
    .orderBy(asc(terminals.id))
    .for('update');

/** A terminal by SSID, locked until the transaction ends (card replacement). */
export const lockBySsid = async (db: Conn, ssid: string) =>
  (await db.select().from(terminals).where(eq(terminals.ssid, ssid)).limit(1).for('update'))[0];

export const firstOfOrg = (db: Conn, orgId: number, limit: number) =>
  db.select().from(terminals).where(eq(terminals.orgId, orgId)).orderBy(asc(terminals.id)).limit(limit);

export const findBySsid = async (db: Conn, ssid: string) =>
  (await db.select().from(terminals).where(eq(terminals.ssid, ssid)).limit(1))[0];

/** A group a terminal belongs to, with its priority there. */
export interface Membership {
  id: number;
  name: string;
  priority: number;
}

/** A terminal's groups with its priority in each, in group order: the detail is read in one statement. */
const membershipsOf = jsonRows<Membership>(
  { id: sql`g.id`, name: sql`g.name`, priority: sql`m.priority` },
  sql`${groupMembers} m join ${groups} g on g.id = m.group_id where m.terminal_id = "terminals"."id"`,
  sql`g.id`,
);

/** A terminal in scope with its company's name and its groups: its detail. */
export const findDetailIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await db
      .select({ ...getTableColumns(terminals), orgName: orgs.name, memberOf: membershipsOf })
      .from(terminals)
      .innerJoin(orgs, eq(orgs.id, terminals.orgId))
      .where(and(eq(terminals.id, id), inScope(scope)))
      .limit(1)
  )[0];

export const updateTerminal = (db: Conn, id: number, set: Partial<NewTerminal>) =>
  db.update(terminals).set(set).where(eq(terminals.id, id));

export const deleteTerminals = (db: Conn, ids: number[]) =>
  db.delete(terminals).where(inArray(terminals.id, ids));

/** Names of a company's terminals that start with a prefix (to continue its numbering). */
export const namesLike = async (db: Conn, orgId: number, prefix: string) =>
  (
    await db
      .select({ name: terminals.name })
      .from(terminals)
      .where(and(eq(terminals.orgId, orgId), like(terminals.name, `${prefix.replace(/[%_\\]/g, '\\$&')}%`)))
  ).map((r) => r.name);
