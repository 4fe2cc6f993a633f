import { createHash } from 'node:crypto';
import { Code, type DataOf, type Endpoint, IdempotencyHeader, isIdempotencyKey } from '@ptt/contract';
import type { Caller } from '../../http/caller.ts';
import { AppError, conflict, invalid } from '../../http/errors.ts';
import type { AuditNote, Change, ReadCtx } from '../../http/route.ts';
import * as audit from '../audit/service.ts';
import * as repo from './repository.ts';

export { pruneKeys } from './repository.ts';

/** Thrown inside a change whose key a concurrent call with the same key took and committed first. */
class Repeated extends Error {}

/** The key a spending call was sent with, if any; a malformed one is refused before anything runs. */
function keyOf(ctx: ReadCtx<Endpoint>): string | undefined {
  const raw = ctx.req.headers[IdempotencyHeader.toLowerCase()];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !isIdempotencyKey(key)) throw invalid('idempotencyKeyInvalid');
  return key;
}

/** Parameters as one canonical string, secrets left out: the same call hashes the same. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : (JSON.stringify(v) ?? 'null');

const hashOf = (params: unknown) =>
  createHash('sha256')
    .update(canonical(audit.recordable(params)))
    .digest('base64url');

/** The answer kept for a repeated key; the same key for another call or other parameters is refused. */
async function repeated(ctx: ReadCtx<Endpoint>, claim: repo.Claim) {
  const row = await repo.kept(ctx.db, claim);
  if (!row) return undefined;
  if (row.action !== claim.action || row.hash !== claim.hash) throw conflict('idempotencyKeyReused');
  return { answer: row.answer };
}

/**
 * Runs a call (see Deps.perform): an endpoint whose audit is declared gets a change that writes its row in
 * its transaction; every audited endpoint declares it (a contract test holds it so).
 */
export async function perform<E extends Endpoint>(
  endpoint: E,
  ctx: ReadCtx<E>,
  run: (change: Change) => Promise<DataOf<E>>,
): Promise<DataOf<E>> {
  const caller = ctx.caller as Caller | undefined;
  const key = endpoint.spends && caller ? keyOf(ctx) : undefined;
  const claim: repo.Claim | undefined =
    key && caller
      ? { role: caller.role, id: caller.id, key, action: endpoint.path, hash: hashOf(ctx.params) }
      : undefined;
  if (claim) {
    const done = await repeated(ctx, claim);
    if (done) return done.answer as DataOf<E>;
  }
  let claimed = false;
  const change: Change = async (work) => {
    const claiming = claim && !claimed ? claim : undefined;
    const data = await ctx.db.transaction(async (tx) => {
      if (claiming && !(await repo.claim(tx, claiming))) throw new Repeated();
      let note: AuditNote | undefined;
      const data = await work(tx, (n) => {
        note = n;
      });
      if (endpoint.audit && caller) {
        if (!note) throw new Error(`${endpoint.path} changed without naming its audit target`);
        await audit.write(tx, { endpoint, caller, ip: ctx.ip, params: ctx.params, note });
      }
      if (claiming) await repo.keepAnswer(tx, claiming, JSON.parse(JSON.stringify(data ?? null)));
      return data;
    });
    if (claiming) claimed = true;
    return data;
  };
  try {
    return await run(change);
  } catch (e) {
    if (!claim) throw e;
    if (e instanceof Repeated) {
      const done = await repeated(ctx, claim);
      if (done) return done.answer as DataOf<E>;
    }
    // A call refused as busy (one intake at a time per account) may be the repeat of the call that keeps
    // it busy: it answers that call's answer once there is one.
    if (e instanceof AppError && e.code === Code.tooMany) {
      const done = await answerWithin(ctx, claim, BUSY_WAIT_MS);
      if (done) return done.answer as DataOf<E>;
    }
    throw e;
  }
}

/** How long a repeat refused as busy waits for the first call's answer. */
const BUSY_WAIT_MS = 30_000;
const POLL_MS = 100;

async function answerWithin(ctx: ReadCtx<Endpoint>, claim: repo.Claim, ms: number) {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    const done = await repeated(ctx, claim);
    if (done) return done;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return undefined;
}
