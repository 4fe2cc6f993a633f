import type { FastifyInstance } from 'fastify';
import type { Deps } from '../http/route.ts';
import { accountRoutes } from './account/routes.ts';
import { agentRoutes } from './agent/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { deviceRoutes } from './device/routes.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { fenceRoutes } from './fence/routes.ts';
import { groupRoutes } from './group/routes.ts';
import { intakeRoutes } from './intake/routes.ts';
import type { LiveHub } from './live/hub.ts';
import { liveRoutes } from './live/routes.ts';
import { locationRoutes } from './location/routes.ts';
import { noticeRoutes } from './notice/routes.ts';
import { orgRoutes } from './org/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { recordingRoutes } from './recording/routes.ts';
import { renewalRoutes } from './renewal/routes.ts';
import { reportRoutes } from './report/routes.ts';
import { salesRoutes } from './sales/routes.ts';
import { orgInScope } from './scope/service.ts';
import { searchRoutes } from './search/routes.ts';
import { sosRoutes } from './sos/routes.ts';
import { statementRoutes } from './statement/routes.ts';
import { terminalRoutes } from './terminal/routes.ts';

/** Every domain module registers its routes here. */
export async function registerModules(app: FastifyInstance, deps: Deps, hub: LiveHub) {
  authRoutes(app, deps);
  profileRoutes(app, deps);
  noticeRoutes(app, deps);
  sosRoutes(app, deps);
  agentRoutes(app, deps);
  salesRoutes(app, deps);
  statementRoutes(app, deps);
  orgRoutes(app, deps);
  terminalRoutes(app, deps);
  renewalRoutes(app, deps);
  intakeRoutes(app, deps);
  groupRoutes(app, deps);
  searchRoutes(app, deps);
  accountRoutes(app, deps);
  feedbackRoutes(app, deps);
  fenceRoutes(app, deps);
  locationRoutes(app, deps);
  recordingRoutes(app, deps);
  reportRoutes(app, deps);
  // The live module imports no other module: the company check of a stream is handed to it.
  liveRoutes(app, deps, hub, orgInScope);
  pushRoutes(app, deps);
  auditRoutes(app, deps);
  await deviceRoutes(app, deps);
}
