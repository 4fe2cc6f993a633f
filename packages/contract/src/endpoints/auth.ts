import { z } from 'zod';
import { once } from '../lazy.ts';
import { decimal, digits, loginCredentials } from '../rules.ts';
import { count, empty, endpoint } from './define.ts';
import { appInfoRoute } from './route.ts';

export const appInfo = once(() =>
  z.object({
    appid: z.string(),
    appsecret: z.string(),
    title: z.string(),
    top_background: z.string(),
    top_font_color: z.string(),
    logo: z.string(),
    icon: z.string(),
  }),
);

export const loginInfo = once(() =>
  z.object({
    access_token: z.string(),
    openid: z.string(),
    role: z.union([z.literal(0), z.literal(1)]),
    expires_in: count(),
  }),
);

export const puzzle = once(() =>
  z.object({
    y: count(),
    token: z.string(),
    bigImg: z.string(),
    SmallImg: z.string(),
  }),
);

const role = once(() => digits('invalidParams').pipe(z.union([z.literal(0), z.literal(1)])));

export const auth = {
  getAppInfo: endpoint({
    ...appInfoRoute,
    summary: 'Platform look (title, colours, logo, icon) and the client app id',
    params: () => z.object({ type: z.string().optional() }),
    data: appInfo,
  }),
  accessToken: endpoint({
    method: 'GET',
    path: '/v1/auth/access_token',
    access: 'public',
    summary: 'Log in as an agent (user_type 0) or a company (1) after a verified slider puzzle',
    params: () =>
      loginCredentials().extend({
        appId: z.string().optional(),
        appSecret: z.string().optional(),
        user_type: role(),
        platform: z.string().optional(),
        token: z.string({ error: 'puzzleRequired' }).min(1, 'puzzleRequired'),
        x: decimal('puzzleRequired'),
      }),
    data: loginInfo,
  }),
  getImg: endpoint({
    method: 'GET',
    path: '/v1/auth/getImg',
    access: 'public',
    summary: 'A new slider puzzle: background with a hole, the piece, its y and a single-use token',
    params: empty,
    data: puzzle,
  }),
  verifyImageCode: endpoint({
    method: 'GET',
    path: '/v1/auth/verifyImageCode',
    access: 'public',
    summary: 'Check the slide position of a puzzle; a failed try spends the token',
    params: () =>
      z.object({
        token: z.string({ error: 'puzzleError' }).min(1, 'puzzleError'),
        x: decimal('puzzleError'),
      }),
    data: () => z.null(),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/v1/auth/logout',
    access: 'any',
    summary: 'End this session',
    params: empty,
    data: () => z.null(),
  }),
};
