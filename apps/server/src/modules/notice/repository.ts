import { and, desc, eq, getTableColumns, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { onWindow, windowParam } from '../../db/page.ts';
import { prepared, preparedBy, withTotal } from '../../db/prepared.ts';
import { agentCounts, bulletinReads, bulletins, notices } from '../../db/schema.ts';

export type NewNotice = typeof notices.$inferInsert;

export const insertNotice = (db: Conn, row: NewNotice) => db.insert(notices).values(row);

/**
 * `insert … select … where when`: a notice for another statement to hold, written only where `when`
 * holds. The insert gives each value its column's type.
 */
export function insertNoticeWhere(row: NewNotice, when: SQL) {
  const set = (Object.keys(row) as (keyof NewNotice)[]).filter((k) => row[k] !== undefined);
  const columns = set.map((k) => sql.identifier(notices[k].name));
  const values = set.map((k) => sql.param(row[k], notices[k]));
  return sql`insert into ${notices} (${sql.join(columns, sql`, `)}) select ${sql.join(values, sql`, `)} where ${when}`;
}

const unread = prepared((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(notices)
    .where(and(eq(notices.agentId, sql.placeholder('agentId')), isNull(notices.readAt)))
    .prepare('notice_unread'),
);

export const countUnread = async (db: Conn, agentId: number) => (await unread(db).execute({ agentId }))[0].n;

export const insertBulletin = async (db: Conn, title: string, content: string) =>
  (await db.insert(bulletins).values({ title, content }).returning())[0];

const firstUnopened = prepared((db) =>
  db
    .select()
    .from(bulletins)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(bulletinReads)
          .where(
            and(
              eq(bulletinReads.bulletinId, bulletins.id),
              eq(bulletinReads.agentId, sql.placeholder('agentId')),
            ),
          ),
      ),
    )
    .orderBy(desc(bulletins.createdAt), desc(bulletins.id))
    .limit(1)
    .prepare('bulletin_first_unopened'),
);

/** The newest bulletin the agent has not opened yet. */
export const firstUnopenedBulletin = async (db: Conn, agentId: number) =>
  (await firstUnopened(db).execute({ agentId }))[0];

export const markBulletinOpened = (db: Conn, agentId: number, bulletinId: number) =>
  db.insert(bulletinReads).values({ agentId, bulletinId }).onConflictDoNothing();

const newestFirst = [desc(notices.createdAt), desc(notices.id)];

const agent = sql.placeholder('agentId');

/** The agent's notices in all, kept in agent_counts (migration 0012): no count over its notices. */
const total = sql<number>`coalesce((select ${agentCounts.notices} from ${agentCounts} where ${agentCounts.agentId} = ${agent}), 0)::int`;

/**
 * A page of an agent's notices, newest first, with the agent's total, in one statement. The page's
 * ids come from the index alone (agent, newest first), so a deep page passes over index entries
 * rather than rows.
 */
const noticePage = prepared((db) =>
  db
    .select({ ...getTableColumns(notices), total })
    .from(notices)
    .where(onWindow(db, notices.id, eq(notices.agentId, agent), newestFirst))
    .orderBy(...newestFirst)
    .prepare('notice_page'),
);

const noticeTotal = prepared((db) =>
  db
    .select({ n: agentCounts.notices })
    .from(agentCounts)
    .where(eq(agentCounts.agentId, agent))
    .prepare('notice_total'),
);

export async function listNotices(db: Conn, agentId: number, page: number, size: number) {
  const rows = await noticePage(db).execute({ agentId, limit: size, offset: (page - 1) * size });
  if (rows.length > 0) return withTotal(rows);
  // Past the last page: no row carries the total.
  const [counted] = await noticeTotal(db).execute({ agentId });
  return { list: [], total: counted?.n ?? 0 };
}

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

/** Bulletins newest first, all of them or the one asked for by id. */
const byId = (one: boolean) => (one ? eq(bulletins.id, sql.placeholder('id')) : undefined);
const bulletinPage = preparedBy((db, one: boolean) =>
  db
    .select()
    .from(bulletins)
    .where(byId(one))
    .orderBy(desc(bulletins.createdAt), desc(bulletins.id))
    .limit(windowParam('limit'))
    .offset(windowParam('offset'))
    .prepare(`bulletin_page_${one}`),
);
const bulletinTotal = preparedBy((db, one: boolean) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(bulletins)
    .where(byId(one))
    .prepare(`bulletin_total_${one}`),
);

export async function listBulletins(db: Conn, page: number, size: number, id?: number) {
  const one = id !== undefined;
  const values = { id, limit: size, offset: (page - 1) * size };
  const [list, [{ n }]] = await Promise.all([
    bulletinPage(db, one).execute(values),
    bulletinTotal(db, one).execute(values),
  ]);
  return { list, total: n };
}
