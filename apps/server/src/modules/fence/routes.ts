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
  route(app, deps, f.add, ({ db, config, caller, params }) => fence.add(db, config, caller, params));
  route(app, deps, f.update, ({ db, config, caller, params }) => fence.update(db, config, caller, params));
  route(app, deps, f.remove, ({ db, caller, params }) => fence.remove(db, caller, params.id));
  route(app, deps, f.setKeeper, ({ db, caller, params }) => fence.setKeeper(db, caller, params));
  route(app, deps, f.members, ({ db, caller, params }) => members.members(db, caller, params));
  route(app, deps, f.unMembers, ({ db, caller, params }) => members.nonMembers(db, caller, params));
  route(app, deps, f.addMembers, ({ db, caller, params }) => members.addMembers(db, caller, params));
  route(app, deps, f.removeMembers, ({ db, caller, params }) => members.removeMembers(db, caller, params));
  route(app, deps, f.records, ({ db, config, caller, params }) => records(db, config, caller, params));
  exportRoute(app, deps, f.exportRecords, async ({ db, config, caller, params }) =>
    exportRecords(db, config, caller, params),
  );
}
