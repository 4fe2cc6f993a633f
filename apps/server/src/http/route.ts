import { Code, type DataOf, type Endpoint, type MessageKey, ok, type ParsedParamsOf } from '@ptt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Config } from '../env.ts';
import type { Caller, Device } from './caller.ts';
import { clientAddress } from './client-address.ts';
import { AppError, forbidden, invalid } from './errors.ts';

export interface Ctx<E extends Endpoint> {
  params: ParsedParamsOf<E>;
  /** Present on every endpoint whose access is not 'public'. */
  caller: E['access'] extends 'public' ? Caller | undefined : Caller;
  db: Db;
  config: Config;
  ip: string;
  req: FastifyRequest;
}

export type Handler<E extends Endpoint> = (ctx: Ctx<E>) => Promise<DataOf<E>>;

export interface Deps {
  db: Db;
  config: Config;
  /** Resolves access_token (and openid) to the caller, or answers 40102 (the session module). */
  authenticate: (db: Db, input: Record<string, unknown>) => Promise<Caller>;
  /** Resolves a terminal's device_token, or answers 40102 (the device module's sessions). */
  authenticateDevice: (db: Db, token: unknown) => Promise<Device>;
  /**
   * Runs a call and, when it changed something and succeeded, records it (the audit module). A refused
   * call throws before anything is recorded.
   */
  audited: <E extends Endpoint>(
    endpoint: E,
    ctx: Ctx<E>,
    run: () => Promise<DataOf<E>>,
  ) => Promise<DataOf<E>>;
}

/** GET carries parameters in the query; POST in the URL query too, or in a form/JSON body. */
export const inputOf = (req: FastifyRequest): Record<string, unknown> => {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  return { ...body, ...query };
};

/** PostgreSQL text cannot hold NUL: such input is refused here instead of failing inside SQL as a 5xx. */
export const hasNul = (v: unknown): boolean =>
  typeof v === 'string'
    ? v.includes('\u0000')
    : typeof v === 'object' && v !== null && Object.values(v).some(hasNul);

/** The context of a call to an endpoint: authenticates the caller, checks the role and parses the parameters. */
export async function contextOf<E extends Endpoint>(
  deps: Deps,
  endpoint: E,
  req: FastifyRequest,
): Promise<Ctx<E>> {
  const input = inputOf(req);
  let caller: Caller | undefined;
  if (endpoint.access !== 'public') {
    caller = await deps.authenticate(deps.db, input);
    if (endpoint.access === 'agent' && caller.role !== 0) throw forbidden();
    if (endpoint.access === 'org' && caller.role !== 1) throw forbidden();
  }
  if (hasNul(input)) throw invalid('invalidParams');
  const parsed = endpoint.params.safeParse(input);
  if (!parsed.success) throw parsed.error;
  return {
    params: parsed.data as ParsedParamsOf<E>,
    caller: caller as Ctx<E>['caller'],
    db: deps.db,
    config: deps.config,
    ip: clientAddress(req),
    req,
  };
}

/**
 * Registers an endpoint of the contract: parses its parameters with the contract schema,
 * checks the caller's session and role, runs the handler and wraps the result in the envelope.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  handler: Handler<E>,
  /** The success message, when the call has one of its own (e.g. the puzzle's). */
  okKey: MessageKey = 'ok',
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req) => {
      const ctx = await contextOf(deps, endpoint, req);
      return ok((await deps.audited(endpoint, ctx, () => handler(ctx))) ?? null, okKey);
    },
  });
}

/** A file download (CSV, audio): failures still answer the envelope, success sends the body as is. */
export function download<E extends Endpoint>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  handler: (ctx: Ctx<E>) => Promise<{ type: string; filename: string; body: string | Buffer }>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      const file = await handler(await contextOf(deps, endpoint, req));
      return reply
        .type(file.type)
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .send(file.body);
    },
  });
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
export { Code };
