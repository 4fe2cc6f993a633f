import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as group from './manage.ts';
import * as members from './members.ts';

export function groupRoutes(app: FastifyInstance, deps: Deps) {
  const g = api.group;
  route(app, deps, g.list, ({ db, caller, params }) => group.list(db, caller, params));
  exportRoute(app, deps, g.export, async ({ db, config, caller, params }) =>
    group.exportList(db, params.timeZone ?? config.TIME_ZONE, caller, params),
  );
  route(app, deps, g.detail, ({ db, caller, params }) => group.detail(db, caller, params.id));
  route(app, deps, g.add, ({ db, change, caller, params }) => group.add(db, change, caller, params));
  route(app, deps, g.remove, ({ change, caller, params }) => group.remove(change, caller, params.id));
  route(app, deps, g.members, ({ db, caller, params }) => members.members(db, caller, params));
  route(app, deps, g.unMembers, ({ db, caller, params }) => members.nonMembers(db, caller, params));
  route(app, deps, g.addMembers, ({ change, caller, params }) => members.addMembers(change, caller, params));
  route(app, deps, g.removeMember, ({ change, caller, params }) =>
    members.removeMember(change, caller, params),
  );
  route(app, deps, g.setPriority, ({ change, caller, params }) =>
    members.setPriority(change, caller, params),
  );
  route(app, deps, g.setLeader, ({ change, caller, params }) => members.setLeader(change, caller, params));
  route(app, deps, g.setCompere, ({ change, caller, params }) => members.setCompere(change, caller, params));
  route(app, deps, g.setDefault, ({ change, caller, params }) => members.setDefault(change, caller, params));
  route(app, deps, g.listening, ({ db, caller, params }) => members.listening(db, caller, params.terminalId));
  route(app, deps, g.addListening, ({ change, caller, params }) =>
    members.addListening(change, caller, params),
  );
  route(app, deps, g.removeListening, ({ change, caller, params }) =>
    members.removeListening(change, caller, params),
  );
}
