import { NoticeType } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import * as repo from './repository.ts';

/** Writes a deal notice; services call it inside the transaction of the movement it reports. */
export const record = (tx: Conn, notice: repo.NewNotice) => repo.insertNotice(tx, notice);

/** Rows one statement writes at most: well under PostgreSQL's 65 535 parameters of a statement. */
const perStatement = 1000;

/** Writes many notices, in the order given, a thousand a statement (the daily reminders). */
export async function recordAll(tx: Conn, rows: repo.NewNotice[]) {
  for (let i = 0; i < rows.length; i += perStatement)
    await repo.insertNotices(tx, rows.slice(i, i + perStatement));
}

/** What a blank notice may say: its content is all it carries. */
export const BlankContentMax = 500;

/**
 * A blank notice (type 3): no card movement, only content, from the operator to one agent (a note about
 * its account, a delivery, a change of terms). It opens nothing and is read like any notice.
 */
export async function sendBlank(db: Conn, agentId: number, content: string) {
  const text = content.trim();
  if (text.length === 0 || text.length > BlankContentMax)
    throw new Error(`a blank notice says 1-${BlankContentMax} characters`);
  await repo.insertNotice(db, { agentId, type: NoticeType.blank, content: text });
}

export const unreadCount = (db: Conn, agentId: number) => repo.countUnread(db, agentId);

export const publishBulletin = (db: Conn, title: string, content: string) =>
  repo.insertBulletin(db, title, content);

/**
 * The first-time bulletin (SPEC §4): the newest the agent has not opened. Asking does not count as
 * opening, so a bulletin dismissed unread comes back until the agent opens it.
 */
export async function firstBulletin(db: Conn, agentId: number) {
  const b = await repo.firstUnopenedBulletin(db, agentId);
  if (!b) return null;
  return { id: b.id, title: b.title, content: b.content, created_at: b.createdAt.toISOString() };
}

type NoticeRow = Awaited<ReturnType<typeof repo.listNotices>>['list'][number];

/** A deal record as SPEC §3 shapes it. */
const dealRecord = (n: NoticeRow) => ({
  id: n.id,
  type: n.type,
  cardType: n.cardType,
  quantity: n.quantity,
  fromAgent: n.fromAgentId ? { id: n.fromAgentId, name: n.fromAgentName ?? '' } : null,
  toAgent: n.toAgentId ? { id: n.toAgentId, name: n.toAgentName ?? '' } : null,
  org: n.orgName ? { orgName: n.orgName } : null,
  user: n.userName ? { name: n.userName } : null,
  userCount: n.userCount,
  days: n.days,
  content: n.content,
  read: n.readAt !== null,
  created_at: n.createdAt.toISOString(),
});

export async function dealNotices(db: Conn, agentId: number, page: number, size: number) {
  const { list, total } = await repo.listNotices(db, agentId, page, size);
  return { list: list.map(dealRecord), total, page, size };
}

/** A page of the users one of the agent's notices names; another agent's notice is not found. */
export async function noticeUsers(db: Conn, agentId: number, id: number, page: number, size: number) {
  const found = await repo.usersOfNotice(db, agentId, id);
  if (!found) throw notFound();
  const users = found.users ?? [];
  const list = users.slice((page - 1) * size, page * size).map((u) => ({ name: u.name, account: u.account }));
  return { list, total: users.length, page, size };
}

export const readAll = (db: Conn, agentId: number) => repo.markAllRead(db, agentId);

/** Opening one notice marks it read; another agent's notice is not found. */
export async function readOne(db: Conn, agentId: number, id: number) {
  if (!(await repo.markRead(db, agentId, id))) throw notFound();
  return null;
}

/** Bulletins, newest first; one opened by its id (noticeDetail) is remembered as opened by the agent. */
export async function bulletinPage(db: Conn, agentId: number, page: number, size: number, id?: number) {
  const { list, total } = await repo.listBulletins(db, page, size, id);
  const opened = id === undefined ? undefined : list[0];
  if (opened) await repo.markBulletinOpened(db, agentId, opened.id);
  return {
    list: list.map((b) => ({
      id: b.id,
      title: b.title,
      content: b.content,
      created_at: b.createdAt.toISOString(),
    })),
    total,
    page,
    size,
  };
}
