import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import { setThreshold } from '../card/settings.ts';
import { askRenewal } from './ask.ts';
import * as renewals from './service.ts';

export function renewalRoutes(app: FastifyInstance, deps: Deps) {
  const t = api.terminal;
  route(app, deps, t.expiring, ({ db, caller, params }) => renewals.expiring(db, caller, params));
  route(app, deps, t.expiringCounts, ({ db, caller, params }) =>
    renewals.expiringCounts(db, caller, params.orgId),
  );
  route(app, deps, t.renewPreview, ({ db, caller, params }) => renewals.renewPreview(db, caller, params));
  route(app, deps, t.renewBatch, ({ change, caller, params }) => renewals.renewBatch(change, caller, params));
  route(app, deps, t.selected, ({ db, caller, params }) => renewals.selected(db, caller, params.ids));
  route(app, deps, t.addService, ({ change, caller, params }) => renewals.addService(change, caller, params));
  route(
    app,
    deps,
    t.askRenewal,
    ({ db, change, caller, params }) => askRenewal(db, change, caller, params),
    'renewalAsked',
  );
  route(app, deps, api.agent.runway, ({ db, caller }) => renewals.runway(db, caller));
  route(app, deps, api.agent.setThreshold, ({ change, caller, params }) =>
    setThreshold(change, caller.id, params.cardType, params.threshold),
  );
}
