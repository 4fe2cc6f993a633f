import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import * as sub from './sub-agents.ts';

export function agentRoutes(app: FastifyInstance, deps: Deps) {
  const a = api.agent;
  route(app, deps, a.queryCardSwitch, ({ db, caller, params }) => sub.switchOf(db, caller, params.id));
  route(app, deps, a.list, ({ db, caller, params }) => sub.list(db, caller, params));
  route(app, deps, a.detail, ({ db, caller, params }) => sub.detail(db, caller, params.id));
  route(app, deps, a.add, ({ db, change, caller, params }) => sub.add(db, change, caller, params));
  route(app, deps, a.modifyingAgentInformation, ({ change, caller, params }) =>
    sub.edit(change, caller, params),
  );
  route(app, deps, a.updatePhone, ({ change, caller, params }) =>
    sub.updatePhone(change, caller, params.id, params.phone),
  );
  route(app, deps, a.password, ({ change, caller, params }) =>
    sub.resetPassword(change, caller, params.id, params.password),
  );
  route(app, deps, a.updateAgent, ({ change, caller, params }) => sub.updateSwitch(change, caller, params));
  route(app, deps, a.getCardCount, ({ db, caller, params }) => sub.cardCount(db, caller, params.id));
}
