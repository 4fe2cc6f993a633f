import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import { giveBack, records, recycle, returnable, salesRecordFile, sell } from './service.ts';

export function salesRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.agent.blanceAdd, ({ db, change, caller, params }) => sell(db, change, caller, params));
  route(app, deps, api.agent.cardRecovery, ({ db, change, caller, params }) =>
    recycle(db, change, caller, params),
  );
  route(app, deps, api.agent.returnCards, ({ db, change, caller, params }) =>
    giveBack(db, change, caller, params),
  );
  route(app, deps, api.agent.returnable, ({ db, caller, params }) => returnable(db, caller, params));
  route(app, deps, api.agent.getSalesPurchaseRecord, ({ db, caller, params }) => records(db, caller, params));
  exportRoute(app, deps, api.agent.exportSalesRecord, async ({ db, caller, params }) =>
    salesRecordFile(db, caller, params),
  );
}
