import multipart from '@fastify/multipart';
import { api, IntakeLimits } from '@ptt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exportRoute } from '../../http/export.ts';
import { type Deps, route } from '../../http/route.ts';
import * as edit from './edit.ts';
import * as intake from './intake.ts';
import * as terminal from './manage.ts';
import * as renewals from './renewals.ts';

export function terminalRoutes(app: FastifyInstance, deps: Deps) {
  const t = api.terminal;
  route(app, deps, t.list, ({ db, caller, params }) => terminal.list(db, caller, params));
  exportRoute(app, deps, t.export, async ({ db, config, caller, params }) =>
    terminal.exportList(db, params.timeZone ?? config.TIME_ZONE, caller, params),
  );
  route(app, deps, t.detail, ({ db, caller, params }) => terminal.detail(db, caller, params.id));
  route(app, deps, t.batch, ({ db, change, caller, params }) => terminal.batch(db, change, caller, params));
  route(app, deps, t.selected, ({ db, caller, params }) => terminal.selected(db, caller, params.ids));
  route(app, deps, t.checkSsids, ({ db, params }) => terminal.checkSsids(db, params.ssids));
  route(app, deps, t.addService, ({ change, caller, params }) => terminal.addService(change, caller, params));
  route(app, deps, t.cardBack, ({ change, caller, params }) => terminal.cardBack(change, caller, params.ids));
  route(app, deps, t.updateUser, ({ change, caller, params }) => edit.update(change, caller, params));
  route(app, deps, t.changecard, ({ change, caller, params }) => edit.changeCard(change, caller, params));
  route(app, deps, t.resetIntercomPassword, ({ change, caller, params }) =>
    edit.resetIntercomPassword(change, caller, params.id),
  );
  route(app, deps, t.expiring, ({ db, caller, params }) => renewals.expiring(db, caller, params));
  route(app, deps, t.expiringCounts, ({ db, caller, params }) =>
    renewals.expiringCounts(db, caller, params.orgId),
  );
  route(app, deps, t.renewPreview, ({ db, caller, params }) => renewals.renewPreview(db, caller, params));
  route(app, deps, t.renewBatch, ({ change, caller, params }) => renewals.renewBatch(change, caller, params));
  route(app, deps, api.agent.runway, ({ db, caller }) => renewals.runway(db, caller));
  route(app, deps, t.import, ({ db, change, caller, params }) =>
    intake.importRows(db, change, caller, params),
  );
  app.register((scope) => intakeUpload(scope, deps));
}

/** The file of an intake's preview, kept apart from its fields (which are parsed as parameters). */
const uploads = new WeakMap<FastifyRequest, Buffer>();

/** The intake preview, in its own scope: only here does a multipart body with a file parse. */
async function intakeUpload(scope: FastifyInstance, deps: Deps) {
  await scope.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      files: 1,
      parts: 8,
      fields: 7,
      fileSize: IntakeLimits.bytesMax,
      fieldSize: IntakeLimits.bytesMax,
    },
    async onFile(this: FastifyRequest, part) {
      uploads.set(this, await part.toBuffer());
    },
  });
  route(scope, deps, api.terminal.importPreview, ({ db, caller, params, req }) =>
    intake.importPreview(db, caller, params, uploads.get(req)),
  );
}
