import { type DataOf, type Endpoint, ok, type ParsedParamsOf } from '@ptt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Config } from '../env.ts';
import type { Device } from './caller.ts';
import { clientAddress } from './client-address.ts';
import { invalid } from './errors.ts';
import { type Deps, hasNul, inputOf } from './route.ts';

export interface DeviceCtx<E extends Endpoint> {
  params: ParsedParamsOf<E>;
  device: Device;
  db: Db;
  config: Config;
  ip: string;
  req: FastifyRequest;
}

/**
 * Resolves the device token (40102 first, like a user session), then parses the parameters. With
 * `queryOnly` the body is left alone for the handler to read (an audio upload).
 */
export async function prepareDevice<E extends Endpoint>(
  deps: Deps,
  endpoint: E,
  req: FastifyRequest,
  queryOnly = false,
): Promise<DeviceCtx<E>> {
  const input = queryOnly ? { ...(req.query as Record<string, unknown>) } : inputOf(req);
  const device = await deps.authenticateDevice(deps.db, input.device_token);
  if (hasNul(input)) throw invalid('invalidParams');
  const parsed = endpoint.params.safeParse(input);
  if (!parsed.success) throw parsed.error;
  return {
    params: parsed.data as ParsedParamsOf<E>,
    device,
    db: deps.db,
    config: deps.config,
    ip: clientAddress(req),
    req,
  };
}

/** Registers a device endpoint of the contract (access 'public' to user sessions, a device token instead). */
export function deviceRoute<E extends Endpoint>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  handler: (ctx: DeviceCtx<E>) => Promise<DataOf<E>>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req) => ok((await handler(await prepareDevice(deps, endpoint, req))) ?? null),
  });
}
