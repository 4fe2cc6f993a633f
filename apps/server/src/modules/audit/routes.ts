import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as audit from './service.ts';

export function auditRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.audit.list, ({ db, config, caller, params }) =>
    audit.list(db, caller, params, config.TIME_ZONE),
  );
  exportRoute(app, deps, api.audit.export, async ({ db, config, caller, params }) =>
    audit.exportList(db, caller, params, config.TIME_ZONE),
  );
}
