import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import * as report from './service.ts';

export function reportRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.report.agent, ({ db, caller, params, config }) =>
    report.agentReport(db, caller, params, config),
  );
  route(app, deps, api.report.org, ({ db, caller, params, config }) =>
    report.orgReport(db, caller, params, config),
  );
}
