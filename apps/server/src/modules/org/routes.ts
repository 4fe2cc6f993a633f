import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as org from './manage.ts';

export function orgRoutes(app: FastifyInstance, deps: Deps) {
  const o = api.org;
  route(app, deps, o.info, ({ db, caller, params }) => org.info(db, caller, params.id));
  route(app, deps, o.getRegion, ({ db, caller, params }) => org.region(db, caller, params.id));
  route(app, deps, o.updateRegion, ({ change, caller, params }) =>
    org.updateRegion(change, caller, params.id, params.region),
  );
  route(app, deps, o.getAssemblyUrl, ({ db, caller, params }) => org.servers(db, caller, params.id));
  route(app, deps, o.password, ({ change, caller, params }) =>
    org.resetPassword(change, caller, params.id, params.password),
  );
  route(app, deps, o.deletingUnit, ({ change, caller, params }) => org.remove(change, caller, params.id));
  route(app, deps, o.setBindingPlatform, ({ change, caller, params }) =>
    org.setToggles(change, caller, params),
  );
  route(app, deps, o.setReminderSms, ({ change, caller, params }) =>
    org.setReminderSms(change, caller, params.id, params.enabled),
  );
  route(app, deps, o.updateUnit, ({ change, caller, params }) => org.updateUnit(change, caller, params));
  route(app, deps, o.changeAgent, ({ db, change, caller, params }) =>
    org.changeAgent(db, change, caller, params),
  );
  route(app, deps, o.add, ({ db, change, caller, params }) => org.add(db, change, caller, params));
  route(app, deps, api.agent.orgs, ({ db, caller, params }) => org.listOf(db, caller, params));
  exportRoute(app, deps, api.agent.exportOrgs, ({ db, config, caller, params }) =>
    org.exportList(db, params.timeZone ?? config.TIME_ZONE, caller, params),
  );
}
