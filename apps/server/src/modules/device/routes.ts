import multipart from '@fastify/multipart';
import { api, ok } from '@ptt/contract';
import type { FastifyInstance } from 'fastify';
import { deviceRoute, prepareDevice } from '../../http/device-route.ts';
import { type Deps, route } from '../../http/route.ts';
import { watching } from '../fence/manage.ts';
import * as groups from '../group/service.ts';
import * as location from '../location/service.ts';
import * as recording from '../recording/service.ts';
import { audioBody, raiseSos } from './actions.ts';
import * as device from './service.ts';

/**
 * The device API, in its own scope: only here do multipart and raw audio bodies parse, and they are
 * streamed to disk by the upload handler rather than buffered.
 */
export async function deviceRoutes(app: FastifyInstance, deps: Deps) {
  await app.register(async (scope) => {
    // One byte over the limit lets the upload's own counter answer 'too large' in three languages.
    await scope.register(multipart, {
      limits: { files: 1, parts: 5, fileSize: deps.config.RECORDING_MAX_BYTES + 1 },
    });
    scope.addContentTypeParser(/^(audio\/[\w.+-]+|application\/octet-stream)$/, (_req, payload, done) =>
      done(null, payload),
    );
    const d = api.device;
    route(scope, deps, d.login, ({ db, config, params, ip }) =>
      device.login(db, params, ip, config.DEVICE_SESSION_TTL_HOURS),
    );
    deviceRoute(scope, deps, d.positions, ({ db, config, device: t, params }) =>
      location.report(db, config, t, params.positions),
    );
    // Resolving the token has marked the terminal seen; there is nothing else to do.
    deviceRoute(scope, deps, d.heartbeat, async () => ({ online: 1 as const }));
    deviceRoute(scope, deps, d.sos, ({ db, config, device: t, params }) => raiseSos(db, config, t, params));
    // A terminal whose Fence function is not active is watched by no fence.
    deviceRoute(scope, deps, d.fences, async ({ db, device: t }) =>
      t.fence ? watching(db, t.terminalId, t.orgId) : [],
    );
    deviceRoute(scope, deps, d.createGroup, ({ db, device: t, params }) =>
      groups.createOwned(db, {
        owner: { terminalId: t.terminalId, orgId: t.orgId, agentPath: t.agentPath },
        name: params.name,
        memberIds: params.terminalIds ?? [],
      }),
    );
    deviceRoute(scope, deps, d.dismissGroup, ({ db, device: t, params }) =>
      groups.dismissOwned(db, t.terminalId, params.id),
    );
    scope.route({
      method: d.recording.method,
      url: d.recording.path,
      bodyLimit: deps.config.RECORDING_MAX_BYTES + 1024 * 1024,
      handler: async (req) => {
        const { db, config, device: t, params } = await prepareDevice(deps, d.recording, req, true);
        return ok(await recording.upload(db, config, t, params, await audioBody(req)));
      },
    });
  });
}
