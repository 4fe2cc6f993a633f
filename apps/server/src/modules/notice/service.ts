import type { Conn } from '../../db/client.ts';
import * as repo from './repository.ts';

/** Writes a deal notice; services call it inside the transaction of the movement it reports. */
export const record = (tx: Conn, notice: repo.NewNotice) => repo.insertNotice(tx, notice);

export const unreadCount = (db: Conn, agentId: number) => repo.countUnread(db, agentId);

export const publishBulletin = (db: Conn, title: string, content: string) =>
  repo.insertBulletin(db, title, content);

/** The first-time bulletin (SPEC §4): returned once per agent, then remembered as seen. */
export async function firstBulletin(db: Conn, agentId: number) {
  const b = await repo.firstUnseenBulletin(db, agentId);
  if (!b) return null;
  await repo.markBulletinSeen(db, agentId, b.id);
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
  users: n.users ?? [],
  content: n.content,
  read: n.readAt !== null,
  created_at: n.createdAt.toISOString(),
});

export async function dealNotices(db: Conn, agentId: number, page: number, size: number) {
  const { list, total } = await repo.listNotices(db, agentId, page, size);
  return { list: list.map(dealRecord), total, page, size };
}

export const readAll = (db: Conn, agentId: number) => repo.markAllRead(db, agentId);

export async function bulletinPage(db: Conn, page: number, size: number, id?: number) {
  const { list, total } = await repo.listBulletins(db, page, size, id);
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
