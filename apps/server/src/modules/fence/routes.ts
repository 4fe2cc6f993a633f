import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as fence from './manage.ts';
import * as members from './members.ts';
import { exportRecords, records } from './records.ts';

export function fenceRoutes(app: FastifyInstance, deps: Deps) {
  const f = api.fence;
  route(app, deps, f.list, ({ db, caller, params }) => fence.list(db, caller, params));
  route(app, deps, f.shapes, ({ db, caller, params }) => fence.shapes(db, caller, params));
  route(app, deps, f.detail, ({ db, caller, params }) => fence.detail(db, caller, params.id));
  route(app, deps, f.add, ({ db, change, config, caller, params }) =>
    fence.add(db, change, config, caller, params),
  );
  route(app, deps, f.update, ({ change, config, caller, params }) =>
    fence.update(change, config, caller, params),
  );
  route(app, deps, f.remove, ({ change, caller, params }) => fence.remove(change, caller, params.id));
  route(app, deps, f.setKeeper, ({ change, caller, params }) => fence.setKeeper(change, caller, params));
  route(app, deps, f.members, ({ db, caller, params }) => members.members(db, caller, params));
  route(app, deps, f.unMembers, ({ db, caller, params }) => members.nonMembers(db, caller, params));
  route(app, deps, f.addMembers, ({ change, caller, params }) => members.addMembers(change, caller, params));
  route(app, deps, f.removeMembers, ({ change, caller, params }) =>
    members.removeMembers(change, caller, params),
  );
  route(app, deps, f.records, ({ db, config, caller, params }) => records(db, config, caller, params));
  exportRoute(app, deps, f.exportRecords, async ({ db, config, caller, params }) =>
    exportRecords(db, config, caller, params),
  );
}
