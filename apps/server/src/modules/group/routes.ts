import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as group from './manage.ts';

export function groupRoutes(app: FastifyInstance, deps: Deps) {
  const g = api.group;
  route(app, deps, g.list, ({ db, caller, params }) => group.list(db, caller, params));
  exportRoute(app, deps, g.export, async ({ db, config, caller, params }) =>
    group.exportList(db, params.timeZone ?? config.TIME_ZONE, caller, params),
  );
  route(app, deps, g.detail, ({ db, caller, params }) => group.detail(db, caller, params.id));
  route(app, deps, g.add, ({ db, change, caller, params }) => group.add(db, change, caller, params));
  route(app, deps, g.remove, ({ db, caller, params }) => group.remove(db, caller, params.id));
  route(app, deps, g.members, ({ db, caller, params }) => group.members(db, caller, params));
  route(app, deps, g.unMembers, ({ db, caller, params }) => group.nonMembers(db, caller, params));
  route(app, deps, g.addMembers, ({ db, caller, params }) => group.addMembers(db, caller, params));
  route(app, deps, g.removeMember, ({ db, caller, params }) => group.removeMember(db, caller, params));
  route(app, deps, g.setPriority, ({ db, caller, params }) => group.setPriority(db, caller, params));
  route(app, deps, g.setLeader, ({ db, caller, params }) => group.setLeader(db, caller, params));
  route(app, deps, g.setCompere, ({ db, caller, params }) => group.setCompere(db, caller, params));
  route(app, deps, g.setDefault, ({ db, caller, params }) => group.setDefault(db, caller, params));
  route(app, deps, g.listening, ({ db, caller, params }) => group.listening(db, caller, params.terminalId));
  route(app, deps, g.addListening, ({ db, caller, params }) => group.addListening(db, caller, params));
  route(app, deps, g.removeListening, ({ db, caller, params }) => group.removeListening(db, caller, params));
}
