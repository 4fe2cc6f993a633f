import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import {
  bulletinPage,
  dealNotices,
  firstBulletin,
  noticeUsers,
  readAll,
  readOne,
  unreadCount,
} from './service.ts';

export function noticeRoutes(app: FastifyInstance, deps: Deps) {
  const n = api.notice;
  route(app, deps, n.newUnreadCount, ({ db, caller }) => unreadCount(db, caller.id));
  route(app, deps, n.getFirstBulletin, ({ db, caller }) => firstBulletin(db, caller.id));
  route(app, deps, n.getNotice, ({ db, caller, params }) =>
    dealNotices(db, caller.id, params.page, params.size),
  );
  route(app, deps, n.getNoticeUsers, ({ db, caller, params }) =>
    noticeUsers(db, caller.id, params.id, params.page, params.size),
  );
  route(app, deps, n.readall, ({ db, caller }) => readAll(db, caller.id));
  route(app, deps, n.read, ({ db, caller, params }) => readOne(db, caller.id, params.id));
  route(app, deps, n.getBulletin, ({ db, caller, params }) =>
    bulletinPage(db, caller.id, params.page, params.size, params.noticeDetail),
  );
}
