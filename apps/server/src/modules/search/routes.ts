import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import { search } from './service.ts';

export function searchRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.search.global, ({ db, caller, params }) =>
    search(db, caller, params.keyword, params.searchType),
  );
}
