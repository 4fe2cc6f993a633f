import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, download, route } from '../../http/route.ts';
import { exportCsv, giveBack, records, recycle, returnable, sell } from './service.ts';

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
  download(app, deps, api.agent.exportSalesRecord, ({ db, caller, params }) => exportCsv(db, caller, params));
}
