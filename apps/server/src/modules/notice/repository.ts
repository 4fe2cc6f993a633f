import { and, desc, eq, getTableColumns, isNull, notExists, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { pageWindow, withTotal } from '../../db/page-window.ts';
import { preparedBy } from '../../db/prepared.ts';
import { bulletinReads, bulletins, notices } from '../../db/schema.ts';

export type NewNotice = typeof notices.$inferInsert;

export const insertNotice = (db: Conn, row: NewNotice) => db.insert(notices).values(row);

export const countUnread = async (db: Conn, agentId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notices)
      .where(and(eq(notices.agentId, agentId), isNull(notices.readAt)))
  )[0].n;

export const insertBulletin = async (db: Conn, title: string, content: string) =>
  (await db.insert(bulletins).values({ title, content }).returning())[0];

/** The newest bulletin the agent has not seen yet. */
export const firstUnseenBulletin = async (db: Conn, agentId: number) =>
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

export const markBulletinSeen = (db: Conn, agentId: number, bulletinId: number) =>
  db.insert(bulletinReads).values({ agentId, bulletinId }).onConflictDoNothing();

const newestFirst = [desc(notices.createdAt), desc(notices.id)];

/**
 * An agent's first page of notices, the one the notice screen opens with: one named statement per page
 * size, its window as numbers (db/page-window.ts) and the agent's total in the same round trip.
 */
const firstNoticePage = preparedBy((db, size: number) =>
  db
    .select({
      ...getTableColumns(notices),
      total: sql<number>`(select count(*) from ${notices} c where c.agent_id = ${sql.placeholder('agentId')})::int`,
    })
    .from(notices)
    .where(
      sql`${notices.id} in (select n.id from notices n where n.agent_id = ${sql.placeholder('agentId')} order by n.created_at desc, n.id desc ${pageWindow(size, 0)})`,
    )
    .orderBy(...newestFirst)
    .prepare(`notice_first_page_${size}`),
);

export async function listNotices(db: Conn, agentId: number, page: number, size: number) {
  if (page === 1) {
    return withTotal(await firstNoticePage(db, size).execute({ agentId }));
  }
  const [list, total] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(eq(notices.agentId, agentId))
      .orderBy(...newestFirst)
      .limit(size)
      .offset((page - 1) * size),
    db.$count(notices, eq(notices.agentId, agentId)),
  ]);
  return { list, total };
}

export const markAllRead = async (db: Conn, agentId: number) =>
  (
    await db
      .update(notices)
      .set({ readAt: new Date() })
      .where(and(eq(notices.agentId, agentId), isNull(notices.readAt)))
      .returning({ id: notices.id })
  ).length;

export async function listBulletins(db: Conn, page: number, size: number, id?: number) {
  const where = id !== undefined ? eq(bulletins.id, id) : undefined;
  const [list, total] = await Promise.all([
    db
      .select()
      .from(bulletins)
      .where(where)
      .orderBy(desc(bulletins.createdAt), desc(bulletins.id))
      .limit(size)
      .offset((page - 1) * size),
    db.$count(bulletins, where),
  ]);
  return { list, total };
}
