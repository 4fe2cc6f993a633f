import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import * as cards from '../card/service.ts';
import * as sub from './sub-agents.ts';

export function agentRoutes(app: FastifyInstance, deps: Deps) {
  const a = api.agent;
  route(app, deps, a.queryCardSwitch, ({ db, caller, params }) => sub.switchOf(db, caller, params.id));
  route(app, deps, a.list, ({ db, caller, params }) => sub.list(db, caller, params));
  route(app, deps, a.detail, ({ db, caller, params }) => sub.detail(db, caller, params.id));
  route(app, deps, a.add, ({ db, caller, params }) => sub.add(db, caller, params));
  route(app, deps, a.modifyingAgentInformation, ({ db, caller, params }) => sub.edit(db, caller, params));
  route(app, deps, a.updatePhone, ({ db, caller, params }) =>
    sub.updatePhone(db, caller, params.id, params.phone),
  );
  route(app, deps, a.password, ({ db, caller, params }) =>
    sub.resetPassword(db, caller, params.id, params.password),
  );
  route(app, deps, a.updateAgent, ({ db, caller, params }) => sub.updateSwitch(db, caller, params));
  route(app, deps, a.getCardCount, ({ db, caller, params }) => sub.cardCount(db, caller, params.id));
  route(app, deps, a.setThreshold, async ({ db, caller, params }) => {
    await cards.setThreshold(db, caller.id, params.cardType, params.threshold);
    return null;
  });
}
