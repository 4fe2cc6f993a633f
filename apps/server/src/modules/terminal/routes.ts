import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as terminal from './manage.ts';
import * as renewals from './renewals.ts';

export function terminalRoutes(app: FastifyInstance, deps: Deps) {
  const t = api.terminal;
  route(app, deps, t.list, ({ db, caller, params }) => terminal.list(db, caller, params));
  exportRoute(app, deps, t.export, async ({ db, config, caller, params }) =>
    terminal.exportList(db, params.timeZone ?? config.TIME_ZONE, caller, params),
  );
  route(app, deps, t.detail, ({ db, caller, params }) => terminal.detail(db, caller, params.id));
  route(app, deps, t.batch, ({ db, caller, params }) => terminal.batch(db, caller, params));
  route(app, deps, t.selected, ({ db, caller, params }) => terminal.selected(db, caller, params.ids));
  route(app, deps, t.checkSsids, ({ db, params }) => terminal.checkSsids(db, params.ssids));
  route(app, deps, t.addService, ({ db, caller, params }) => terminal.addService(db, caller, params));
  route(app, deps, t.cardBack, ({ db, caller, params }) => terminal.cardBack(db, caller, params.ids));
  route(app, deps, t.updateUser, ({ db, caller, params }) => terminal.update(db, caller, params));
  route(app, deps, t.changecard, ({ db, caller, params }) => terminal.changeCard(db, caller, params));
  route(app, deps, t.resetIntercomPassword, ({ db, caller, params }) =>
    terminal.resetIntercomPassword(db, caller, params.id),
  );
  route(app, deps, t.expiring, ({ db, caller, params }) => renewals.expiring(db, caller, params));
  route(app, deps, t.expiringCounts, ({ db, caller, params }) =>
    renewals.expiringCounts(db, caller, params.orgId),
  );
  route(app, deps, t.renewPreview, ({ db, caller, params }) => renewals.renewPreview(db, caller, params));
  route(app, deps, t.renewBatch, ({ db, caller, params }) => renewals.renewBatch(db, caller, params));
  route(app, deps, api.agent.runway, ({ db, caller }) => renewals.runway(db, caller));
}
