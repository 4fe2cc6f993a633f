import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as sos from './manage.ts';
import { untreatedCount } from './service.ts';

export function sosRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.sos.untreatedSOSCount, ({ db, caller }) => untreatedCount(db, caller));
  route(app, deps, api.sos.list, ({ db, config, caller, params }) => sos.list(db, config, caller, params));
  exportRoute(app, deps, api.sos.export, async ({ db, config, caller, params }) =>
    sos.exportList(db, config, caller, params),
  );
  route(app, deps, api.sos.detail, ({ db, config, caller, params }) =>
    sos.detail(db, config, caller, params),
  );
  route(app, deps, api.sos.process, ({ db, change, caller, params }) =>
    sos.process(db, change, caller, params),
  );
  route(app, deps, api.sos.processBatch, ({ db, change, caller, params }) =>
    sos.processBatch(db, change, caller, params),
  );
}
