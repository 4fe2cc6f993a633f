import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import { getAppInfo } from '../branding/service.ts';
import { login, logout, newPuzzle, verifyPuzzle } from './service.ts';

export function authRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.auth.getAppInfo, ({ db, params }) => getAppInfo(db, params.type || undefined));
  route(app, deps, api.auth.getImg, ({ db, ip }) => newPuzzle(db, ip));
  route(
    app,
    deps,
    api.auth.verifyImageCode,
    ({ db, params }) => verifyPuzzle(db, params.token, params.x),
    'puzzleOk',
  );
  route(app, deps, api.auth.accessToken, ({ db, params, ip, config }) =>
    login(db, params, ip, config.SESSION_TTL_HOURS),
  );
  route(app, deps, api.auth.logout, ({ db, caller }) => logout(db, caller));
}
