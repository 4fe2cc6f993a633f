import { z } from 'zod';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import { digits, id, pageParams } from '../rules.ts';
import { count, empty, endpoint, namedRef } from './define.ts';

export const bulletin = once(() =>
  z.object({
    id: z.number(),
    title: z.string(),
    content: z.string(),
    created_at: z.string(),
  }),
);

/** A user a deal notice names (the terminals a batch created or deleted), as they were at the time. */
export const noticeUser = once(() => z.object({ name: z.string(), account: z.string() }));

/**
 * A deal record (SPEC §3), rendered per notice type 1–8. A list carries how many users a notice names;
 * the users themselves open on its detail, a page at a time (getNoticeUsers).
 */
export const noticeRecord = once(() =>
  z.object({
    id: z.number(),
    type: z.number(),
    cardType: z.number().nullable(),
    quantity: z.number().nullable(),
    fromAgent: namedRef(),
    toAgent: namedRef(),
    org: z.object({ orgName: z.string() }).nullable(),
    user: z.object({ name: z.string() }).nullable(),
    userCount: z.number(),
    /** A reminder's days before the expiry (type 9), or null. */
    days: z.number().nullable(),
    content: z.string(),
    read: z.boolean(),
    created_at: z.string(),
  }),
);

export const notice = {
  newUnreadCount: endpoint({
    method: 'GET',
    path: '/v1/notice/newUnreadCount',
    access: 'agent',
    summary: 'Number of unread deal notices of the signed-in agent',
    params: () => z.object({ agentId: digits().optional() }),
    data: count,
  }),
  getFirstBulletin: endpoint({
    method: 'POST',
    path: '/v1/notice/getFirstBulletin',
    access: 'agent',
    summary: 'The newest system bulletin the agent has not opened yet (null when none)',
    params: () =>
      z.object({
        agentId: digits().optional(),
        path: z.string().optional(),
        isNewBulletin: z.string().optional(),
      }),
    data: () => bulletin().nullable(),
  }),
  getNotice: endpoint({
    method: 'POST',
    path: '/v1/notice/getNotice',
    access: 'agent',
    summary: 'Deal notices of the signed-in agent, newest first',
    params: pageParams,
    data: () => pageOf(noticeRecord()),
  }),
  getNoticeUsers: endpoint({
    method: 'POST',
    path: '/v1/notice/getNoticeUsers',
    access: 'agent',
    summary: 'The users one deal notice of the signed-in agent names, in the order it names them',
    params: () => pageParams().extend({ id: id() }),
    data: () => pageOf(noticeUser()),
  }),
  getBulletin: endpoint({
    method: 'POST',
    path: '/v1/notice/getBulletin',
    access: 'agent',
    summary:
      'System bulletins, newest first, or the one named by noticeDetail (which the agent has then opened)',
    params: () => pageParams().extend({ noticeDetail: id().optional() }),
    data: () => pageOf(bulletin()),
  }),
  readall: endpoint({
    method: 'POST',
    path: '/v1/notice/readall',
    access: 'agent',
    summary: 'Mark every deal notice of the signed-in agent read',
    params: empty,
    data: count,
  }),
  read: endpoint({
    method: 'POST',
    path: '/v1/notice/read',
    access: 'agent',
    summary: 'Mark one deal notice of the signed-in agent read (opening it)',
    params: () => z.object({ id: id() }),
    data: () => z.null(),
  }),
};
