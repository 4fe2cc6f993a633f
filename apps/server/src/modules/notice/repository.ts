import { and, count, desc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agentCounts, bulletinReads, bulletins, notices } from '../../db/schema.ts';

export type NewNotice = typeof notices.$inferInsert;

export const insertNotice = (db: Conn, row: NewNotice) => db.insert(notices).values(row);

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
  content: notices.content,
  readAt: notices.readAt,
  createdAt: notices.createdAt,
};

/** A page of an agent's notices, newest first, and their total (its counter row in agent_counts). */
export async function listNotices(db: Conn, agentId: number, page: number, size: number) {
  const [list, [counted]] = await Promise.all([
    db
      .select(listed)
      .from(notices)
      .where(eq(notices.agentId, agentId))
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: agentCounts.notices }).from(agentCounts).where(eq(agentCounts.agentId, agentId)),
  ]);
  return { list, total: counted?.n ?? 0 };
}

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

/** Bulletins newest first, all of them or the one asked for by id, and their total. */
export async function listBulletins(db: Conn, page: number, size: number, id?: number) {
  const which = id === undefined ? undefined : eq(bulletins.id, id);
  const [list, [{ n }]] = await Promise.all([
    db
      .select()
      .from(bulletins)
      .where(which)
      .orderBy(desc(bulletins.createdAt), desc(bulletins.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(bulletins).where(which),
  ]);
  return { list, total: n };
}
