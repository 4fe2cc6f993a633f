import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/client.ts';
import { byCompanyOrPath, filteredPages } from '../../db/page.ts';
import { fenceMembers, fenceRecords, fenceStates, fences, orgs, terminals } from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';
import { containing } from '../../lib/like.ts';

export type FenceRow = typeof fences.$inferSelect;
export type NewFence = typeof fences.$inferInsert;
export type NewFenceRecord = typeof fenceRecords.$inferInsert;

const inScope = byCompanyOrPath(fences.orgId, fences.agentPath);

/** The shape of the newest fence in scope, or nothing when there is none. */
export const newestShape = async (db: Conn, scope: Scope) =>
  (
    await db
      .select({ centerLat: fences.centerLat, centerLng: fences.centerLng, points: fences.points })
      .from(fences)
      .where(inScope(scope))
      .orderBy(desc(fences.createdAt), desc(fences.id))
      .limit(1)
  )[0];

/** A company's newest fences, at most `limit`, to draw beside another. */
export const orgFences = (db: Conn, orgId: number, limit: number) =>
  db.select().from(fences).where(eq(fences.orgId, orgId)).orderBy(desc(fences.id)).limit(limit);

/** How many fences a company has. */
export const countOrgFences = async (db: Conn, orgId: number) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(fences).where(eq(fences.orgId, orgId)))[0]?.n ?? 0;

/** A fence's members (a terminal moved to another company leaves its fences). */
const memberCount = sql<number>`(select count(*)::int from fence_members fm where fm.fence_id = "fences"."id")`;

/** The keeper's name while it belongs to the fence's company, else null. */
const keeperName = sql<string | null>`(select kt.name from terminals kt
  where kt.id = ${fences.keeperTerminalId} and kt.org_id = ${fences.orgId})`;

const listOrder = [{ desc: fences.id }];

const fencePages = filteredPages({
  table: fences,
  scope: inScope,
  filters: {
    orgId: (v: number) => eq(fences.orgId, v),
    keyword: (v: string) => ilike(fences.name, containing(v)),
  },
  order: listOrder,
  total: 'counted',
  rows: (db, place) =>
    db
      .select({ f: fences, orgName: orgs.name, memberCount, keeperName, ...place })
      .from(fences)
      .innerJoin(orgs, eq(orgs.id, fences.orgId))
      .$dynamic(),
});

/** A page of fences in a scope, by company or a part of the name. */
export const listFences = (
  db: Conn,
  scope: Scope,
  f: { orgId?: number; keyword?: string },
  page: number,
  size: number,
) => fencePages(db, scope, f, page, size);

export const fenceExtras = async (db: Conn, id: number) =>
  (
    await db
      .select({ orgName: orgs.name, memberCount, keeperName })
      .from(fences)
      .innerJoin(orgs, eq(orgs.id, fences.orgId))
      .where(eq(fences.id, id))
  )[0];

export const nameTaken = async (db: Conn, orgId: number, name: string, exceptId?: number) =>
  (
    await db
      .select({ id: fences.id })
      .from(fences)
      .where(
        and(
          eq(fences.orgId, orgId),
          eq(fences.name, name),
          exceptId ? sql`${fences.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1)
  ).length > 0;

/** Holds the company's row until the transaction ends: its fences are counted and added one at a time. */
export const lockOrgForFences = (db: Conn, orgId: number) =>
  db.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, orgId)).for('no key update');

export const countOfOrg = async (db: Conn, orgId: number) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(fences).where(eq(fences.orgId, orgId)))[0].n;

export const insertFence = async (db: Conn, row: NewFence) =>
  (await db.insert(fences).values(row).returning())[0];
export const updateFence = (db: Conn, id: number, set: Partial<NewFence>) =>
  db.update(fences).set(set).where(eq(fences.id, id));
export const deleteFence = (db: Conn, id: number) => db.delete(fences).where(eq(fences.id, id));

export const clearStates = (db: Conn, fenceId: number, terminalIds?: number[]) =>
  db
    .delete(fenceStates)
    .where(
      and(
        eq(fenceStates.fenceId, fenceId),
        terminalIds ? inArray(fenceStates.terminalId, terminalIds) : undefined,
      ),
    );

/** A fence's members that belong to its company (a terminal that moved away is no member), by id. */
const memberPages = filteredPages({
  table: fenceMembers,
  scope: (fence: FenceRow) =>
    and(
      eq(fenceMembers.fenceId, fence.id),
      inArray(
        fenceMembers.terminalId,
        new QueryBuilder()
          .select({ id: terminals.id })
          .from(terminals)
          .where(eq(terminals.orgId, fence.orgId)),
      ),
    ),
  filters: {},
  order: [fenceMembers.terminalId],
  total: 'counted',
  rows: (db, place) =>
    db
      .select({ id: terminals.id, ssid: terminals.ssid, name: terminals.name, ...place })
      .from(fenceMembers)
      .innerJoin(terminals, eq(terminals.id, fenceMembers.terminalId))
      .$dynamic(),
});

/** A page of a fence's members, and their total. */
export const listMembers = (db: Conn, fence: FenceRow, page: number, size: number) =>
  memberPages(db, fence, {}, page, size);

/** Adds members; answers the ids that were not members yet. */
export const addMembers = async (db: Conn, fenceId: number, terminalIds: number[]) =>
  (
    await db
      .insert(fenceMembers)
      .values(terminalIds.map((terminalId) => ({ fenceId, terminalId })))
      .onConflictDoNothing()
      .returning({ id: fenceMembers.terminalId })
  ).map((r) => r.id);

/** Removes members; answers the ids that were members. */
export const removeMembers = async (db: Conn, fenceId: number, terminalIds: number[]) =>
  (
    await db
      .delete(fenceMembers)
      .where(and(eq(fenceMembers.fenceId, fenceId), inArray(fenceMembers.terminalId, terminalIds)))
      .returning({ id: fenceMembers.terminalId })
  ).map((r) => r.id);

/**
 * The fences of the terminal's current company that monitor it, each with the terminal's state in it
 * (none before its first position there). The fence engine reads it after locking the terminal, so
 * the states are the latest; the device's fence list uses the fences alone.
 */
export const fencesWithStates = async (db: Conn, terminalId: number, orgId: number) =>
  (
    await db
      .select({
        f: fences,
        inside: fenceStates.inside,
        at: fenceStates.at,
        lastAlarmAt: fenceStates.lastAlarmAt,
      })
      .from(fenceMembers)
      .innerJoin(fences, eq(fences.id, fenceMembers.fenceId))
      .leftJoin(
        fenceStates,
        and(
          eq(fenceStates.fenceId, fenceMembers.fenceId),
          eq(fenceStates.terminalId, fenceMembers.terminalId),
        ),
      )
      .where(and(eq(fenceMembers.terminalId, terminalId), eq(fences.orgId, orgId)))
      .orderBy(fences.id)
  ).map(({ f, inside, at, lastAlarmAt }) => ({
    fence: f,
    state: inside === null || at === null ? undefined : { inside, at, lastAlarmAt },
  }));

export const saveStates = (
  db: Conn,
  rows: { terminalId: number; fenceId: number; inside: boolean; at: Date; lastAlarmAt: Date | null }[],
) =>
  db
    .insert(fenceStates)
    .values(rows)
    .onConflictDoUpdate({
      target: [fenceStates.terminalId, fenceStates.fenceId],
      set: {
        inside: sql`excluded.inside`,
        at: sql`excluded.at`,
        lastAlarmAt: sql`excluded.last_alarm_at`,
      },
    });

export const insertRecords = async (db: Conn, rows: NewFenceRecord[]) =>
  (await db.insert(fenceRecords).values(rows).returning({ id: fenceRecords.id })).map((r) => r.id);
