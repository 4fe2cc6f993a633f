import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import { publicKey, subscribe, unsubscribe } from './service.ts';

export function pushRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.push.key, async ({ config }) => publicKey(config));
  route(app, deps, api.push.subscribe, ({ db, caller, params, req }) =>
    subscribe(db, caller, params, req.headers['user-agent'] ?? ''),
  );
  route(app, deps, api.push.unsubscribe, ({ db, caller, params }) => unsubscribe(db, caller, params));
}
