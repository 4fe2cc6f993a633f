import multipart from '@fastify/multipart';
import { api, IntakeLimits } from '@ptt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Deps, route } from '../../http/route.ts';
import * as intake from './service.ts';

export function intakeRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.terminal.import, ({ db, change, caller, params }) =>
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
