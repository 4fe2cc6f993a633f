import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as org from './manage.ts';

export function orgRoutes(app: FastifyInstance, deps: Deps) {
  const o = api.org;
  route(app, deps, o.info, ({ db, caller, params }) => org.info(db, caller, params.id));
  route(app, deps, o.getRegion, ({ db, caller, params }) => org.region(db, caller, params.id));
  route(app, deps, o.updateRegion, ({ db, caller, params }) =>
    org.updateRegion(db, caller, params.id, params.region),
  );
  route(app, deps, o.getAssemblyUrl, ({ db, caller, params }) => org.servers(db, caller, params.id));
  route(app, deps, o.password, ({ db, caller, params }) =>
    org.resetPassword(db, caller, params.id, params.password),
  );
  route(app, deps, o.deletingUnit, ({ db, caller, params }) => org.remove(db, caller, params.id));
  route(app, deps, o.setBindingPlatform, ({ db, caller, params }) => org.setToggles(db, caller, params));
  route(app, deps, o.setReminderSms, ({ db, caller, params }) =>
    org.setReminderSms(db, caller, params.id, params.enabled),
  );
  route(app, deps, o.updateUnit, ({ db, caller, params }) => org.updateUnit(db, caller, params));
  route(app, deps, o.changeAgent, ({ db, caller, params }) => org.changeAgent(db, caller, params));
  route(app, deps, o.add, ({ db, caller, params }) => org.add(db, caller, params));
  route(app, deps, api.agent.orgs, ({ db, caller, params }) => org.listOf(db, caller, params));
  exportRoute(app, deps, api.agent.exportOrgs, ({ db, config, caller, params }) =>
    org.exportList(db, params.timeZone ?? config.TIME_ZONE, caller, params),
  );
}
