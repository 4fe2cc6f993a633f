import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import { agentInfo } from '../agent/service.ts';
import { orgInfo } from '../org/service.ts';
import { updateField, updateMobile } from './edit.ts';
import { fastStats } from './service.ts';

export function profileRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.profile.faststats, ({ db, caller }) => fastStats(db, caller));
  route(app, deps, api.profile.agent, ({ db, caller }) => agentInfo(db, caller.id));
  route(app, deps, api.profile.org, ({ db, caller }) => orgInfo(db, caller.id));
  const p = api.profile;
  route(app, deps, p.area, ({ change, caller, params }) =>
    updateField(change, caller, { area: params.area }),
  );
  route(app, deps, p.contact, ({ change, caller, params }) =>
    updateField(change, caller, { contact: params.contact }),
  );
  route(app, deps, p.address, ({ change, caller, params }) =>
    updateField(change, caller, { address: params.address }),
  );
  route(app, deps, p.email, ({ change, caller, params }) =>
    updateField(change, caller, { email: params.email }),
  );
  route(app, deps, p.mobile, ({ db, change, caller, params, ip }) =>
    updateMobile(db, change, caller, params, ip),
  );
}
