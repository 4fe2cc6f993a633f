import { Code, type DataOf, type Endpoint, type MessageKey, ok, type ParsedParamsOf } from '@ptt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
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
  /** Runs the call's change in one transaction with its audit row and Idempotency-Key (see `Change`). */
  change: Change;
}

/** A balance a spend moved, read under its lock. */
export interface CardsMoved {
  agent_id: number;
  card_type: number;
  before: number;
  after: number;
}

/**
 * What a change tells the audit log, from what it holds under its locks: the records of the endpoint's
 * declared kind it changed, the companies they belong to, their fields before and after by id (none
 * before for a creation, none after for a deletion), and the balances a spend moved.
 */
export interface AuditNote {
  targetIds: number[];
  orgIds?: number[];
  before?: Record<string, Record<string, unknown>> | null;
  after?: Record<string, Record<string, unknown>> | null;
  cards?: CardsMoved[];
}

/**
 * One transaction for a change: an endpoint that declares its audit writes the row `note` gives, and
 * one that spends claims its Idempotency-Key first and stores its answer, all committed together or not
 * at all. A service opens its change's transaction here instead of `db.transaction`.
 */
export type Change = <T>(work: (tx: Tx, note: (n: AuditNote) => void) => Promise<T>) => Promise<T>;

/** A change outside a request (the CLI, the seed): a transaction of its own, nothing audited. */
export const plainChange =
  (db: Db | Tx): Change =>
  (work) =>
    db.transaction((tx) => work(tx, () => {}));

export type Handler<E extends Endpoint> = (ctx: Ctx<E>) => Promise<DataOf<E>>;
/** The context of a call that changes nothing (a file, a stream). */
export type ReadCtx<E extends Endpoint> = Omit<Ctx<E>, 'change'>;

export interface Deps {
  db: Db;
  config: Config;
  /** Resolves access_token (and openid) to the caller, or answers 40102 (the session module). */
  authenticate: (db: Db, input: Record<string, unknown>) => Promise<Caller>;
  /**
   * Answers 40401 unless the company a call names (`orgId`) is the caller's own or in its scope (the scope
   * module): every filter and change by company answers another tenant's id the same way.
   */
  orgIdInScope: (db: Db, caller: Caller, id: number) => Promise<unknown>;
  /** Resolves a terminal's device_token, or answers 40102 (the device module's sessions). */
  authenticateDevice: (db: Db, token: unknown) => Promise<Device>;
  /**
   * Runs a call with its change (the change module): a spend's repeated Idempotency-Key answers the first
   * answer, a declared audit is written in the change's transaction. A refused call records nothing.
   */
  perform: <E extends Endpoint>(
    endpoint: E,
    ctx: ReadCtx<E>,
    run: (change: Change) => Promise<DataOf<E>>,
  ) => Promise<DataOf<E>>;
}

/** GET carries parameters in the query; POST in the URL query too, or in a form/JSON body. */
export const inputOf = (req: FastifyRequest): Record<string, unknown> => {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  return { ...body, ...query };
};

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text PostgreSQL cannot store (NUL) or that is not Unicode (a lone UTF-16 surrogate, which fails as
 * JSON in jsonb) is refused here instead of failing inside SQL, after part of a change.
 */
export const hasNul = (v: unknown): boolean =>
  typeof v === 'string'
    ? v.includes('\u0000') || loneSurrogate.test(v)
    : typeof v === 'object' && v !== null && Object.values(v).some(hasNul);

/** The context of a call to an endpoint: authenticates the caller, checks the role and parses the parameters. */
export async function contextOf<E extends Endpoint>(
  deps: Deps,
  endpoint: E,
  req: FastifyRequest,
): Promise<ReadCtx<E>> {
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
  const orgId = (parsed.data as { orgId?: unknown }).orgId;
  if (caller && typeof orgId === 'number') await deps.orgIdInScope(deps.db, caller, orgId);
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
      return ok((await deps.perform(endpoint, ctx, (change) => handler({ ...ctx, change }))) ?? null, okKey);
    },
  });
}

/** A file download (CSV, audio): failures still answer the envelope, success sends the body as is. */
export function download<E extends Endpoint>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  handler: (ctx: ReadCtx<E>) => Promise<{ type: string; filename: string; body: string | Buffer }>,
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
