import { and, desc, eq, getTableColumns, isNull, notExists, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { filteredPages } from '../../db/page.ts';
import { agentCounts, bulletinReads, bulletins, notices } from '../../db/schema.ts';

export type NewNotice = typeof notices.$inferInsert;

export const insertNotice = (db: Conn, row: NewNotice) => db.insert(notices).values(row);

export const insertNotices = (db: Conn, rows: NewNotice[]) => db.insert(notices).values(rows);

export const countUnread = (db: Conn, agentId: number) =>
  db.$count(notices, and(eq(notices.agentId, agentId), isNull(notices.readAt)));

export const insertBulletin = async (db: Conn, title: string, content: string) =>
  (await db.insert(bulletins).values({ title, content }).returning())[0];

/** The newest bulletin the agent has not opened yet. */
export const firstUnopenedBulletin = async (db: Conn, agentId: number) =>
  (
    await db
      .select()
      .from(bulletins)
      .where(
        notExists(
          db
            .select({ one: sql`1` })
            .from(bulletinReads)
            .where(and(eq(bulletinReads.bulletinId, bulletins.id), eq(bulletinReads.agentId, agentId))),
        ),
      )
      .orderBy(desc(bulletins.createdAt), desc(bulletins.id))
      .limit(1)
  )[0];

export const markBulletinOpened = (db: Conn, agentId: number, bulletinId: number) =>
  db.insert(bulletinReads).values({ agentId, bulletinId }).onConflictDoNothing();

/** A notice as a list shows it: the users it names are counted, not carried (they open on its detail). */
const listed = {
  id: notices.id,
  type: notices.type,
  cardType: notices.cardType,
  quantity: notices.quantity,
  fromAgentId: notices.fromAgentId,
  fromAgentName: notices.fromAgentName,
  toAgentId: notices.toAgentId,
  toAgentName: notices.toAgentName,
  orgName: notices.orgName,
  userName: notices.userName,
  userCount: sql<number>`coalesce(jsonb_array_length(${notices.users}), 0)::int`,
  days: notices.days,
  content: notices.content,
  readAt: notices.readAt,
  createdAt: notices.createdAt,
};

/** An agent's notices, newest first; their total is the agent's counter row in agent_counts. */
const noticePages = filteredPages({
  table: notices,
  scope: (agentId: number) => eq(notices.agentId, agentId),
  filters: {},
  order: [{ desc: notices.createdAt }, { desc: notices.id }],
  total: 'counted',
  counter: async (db, agentId) =>
    (await db.select({ n: agentCounts.notices }).from(agentCounts).where(eq(agentCounts.agentId, agentId)))[0]
      ?.n ?? 0,
  rows: (db, place) =>
    db
      .select({ ...listed, ...place })
      .from(notices)
      .$dynamic(),
});

export const listNotices = (db: Conn, agentId: number, page: number, size: number) =>
  noticePages(db, agentId, {}, page, size);

/** The users one of the agent's notices names; undefined when the agent has no such notice. */
export const usersOfNotice = async (db: Conn, agentId: number, id: number) =>
  (
    await db
      .select({ users: notices.users })
      .from(notices)
      .where(and(eq(notices.id, id), eq(notices.agentId, agentId)))
  )[0];

export const markAllRead = async (db: Conn, agentId: number) =>
  (
    await db
      .update(notices)
      .set({ readAt: new Date() })
      .where(and(eq(notices.agentId, agentId), isNull(notices.readAt)))
      .returning({ id: notices.id })
  ).length;

/** Marks one of the agent's notices read (once: a second opening keeps the first time); false when it has none such. */
export const markRead = async (db: Conn, agentId: number, id: number) =>
  (
    await db
      .update(notices)
      .set({ readAt: sql`coalesce(${notices.readAt}, now())` })
      .where(and(eq(notices.id, id), eq(notices.agentId, agentId)))
      .returning({ id: notices.id })
  ).length > 0;

const bulletinPages = filteredPages({
  table: bulletins,
  scope: () => undefined,
  filters: { id: (id: number) => eq(bulletins.id, id) },
  order: [{ desc: bulletins.createdAt }, { desc: bulletins.id }],
  total: 'counted',
  rows: (db, place) =>
    db
      .select({ ...getTableColumns(bulletins), ...place })
      .from(bulletins)
      .$dynamic(),
});

/** Bulletins newest first, all of them or the one asked for by id, and their total. */
export const listBulletins = (db: Conn, page: number, size: number, id?: number) =>
  bulletinPages(db, null, { id }, page, size);
