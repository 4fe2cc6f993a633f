import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import { statement, statementMonths } from './service.ts';

export function statementRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.agent.statement, ({ db, caller, params }) => statement(db, caller, params));
  route(app, deps, api.agent.statementMonths, ({ db, caller, params }) =>
    statementMonths(db, caller, params),
  );
}
