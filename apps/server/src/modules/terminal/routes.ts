import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as edit from './edit.ts';
import * as terminal from './manage.ts';

export function terminalRoutes(app: FastifyInstance, deps: Deps) {
  const t = api.terminal;
  route(app, deps, t.list, ({ db, caller, params }) => terminal.list(db, caller, params));
  exportRoute(app, deps, t.export, async ({ db, config, caller, params }) =>
    terminal.exportList(db, params.timeZone ?? config.TIME_ZONE, caller, params),
  );
  route(app, deps, t.detail, ({ db, caller, params }) => terminal.detail(db, caller, params.id));
  route(app, deps, t.batch, ({ db, change, caller, params }) => terminal.batch(db, change, caller, params));
  route(app, deps, t.checkSsids, ({ db, params }) => terminal.checkSsids(db, params.ssids));
  route(app, deps, t.cardBack, ({ change, caller, params }) => terminal.cardBack(change, caller, params.ids));
  route(app, deps, t.updateUser, ({ change, caller, params }) => edit.update(change, caller, params));
  route(app, deps, t.changecard, ({ change, caller, params }) => edit.changeCard(change, caller, params));
  route(app, deps, t.resetIntercomPassword, ({ change, caller, params }) =>
    edit.resetIntercomPassword(change, caller, params.id),
  );
}
