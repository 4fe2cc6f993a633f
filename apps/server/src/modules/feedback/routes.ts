import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import { send } from './service.ts';

export function feedbackRoutes(app: FastifyInstance, deps: Deps) {
  route(
    app,
    deps,
    api.feedback.send,
    ({ db, change, caller, params }) => send(db, change, caller, params),
    'feedbackThanks',
  );
}
