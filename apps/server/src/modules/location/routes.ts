import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import * as location from './service.ts';

export function locationRoutes(app: FastifyInstance, deps: Deps) {
  const l = api.location;
  route(app, deps, l.track, ({ db, caller, params }) => location.track(db, caller, params));
  route(app, deps, l.last, ({ db, config, caller, params }) => location.last(db, config, caller, params));
  route(app, deps, l.address, ({ db, config, caller, params }) =>
    location.address(db, config, caller, params),
  );
  route(app, deps, l.places, ({ params }) => location.places(params));
  route(app, deps, l.fleet, ({ db, caller, params }) => location.fleet(db, caller, params));
  route(app, deps, l.mapConfig, ({ db, config, caller }) => location.mapConfig(db, config, caller));
}
