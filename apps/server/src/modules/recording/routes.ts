import { api } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { media } from '../../http/media.ts';
import { type Deps, route } from '../../http/route.ts';
import * as recording from './service.ts';

export function recordingRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.recording;
  route(app, deps, r.list, ({ db, config, caller, params }) => recording.list(db, config, caller, params));
  exportRoute(app, deps, r.export, async ({ db, config, caller, params }) =>
    recording.exportList(db, config, caller, params),
  );
  media(app, deps, r.play, ({ db, config, caller, params }) =>
    recording.file(db, config, caller, params.id, 'inline'),
  );
  media(app, deps, r.download, ({ db, config, caller, params }) =>
    recording.file(db, config, caller, params.id, 'attachment'),
  );
}
