import type { Access } from './define.ts';

/** The kinds of record an audit row names as its target (a feedback: the message sent). */
export const AuditTargets = ['agent', 'org', 'terminal', 'group', 'fence', 'sos', 'feedback'] as const;
export type AuditTarget = (typeof AuditTargets)[number];

/**
 * The target an endpoint declares: a kind of record, or 'self', the signed-in account itself (the
 * profile's calls), which its rows name as the concrete kind of the caller's role, agent or org.
 */
export type DeclaredTarget = AuditTarget | 'self';

/** Where and how an endpoint is called, without its schemas. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  /**
   * What a successful call records in the audit log, written by the service in the change's own
   * transaction: the kind of record it changes (the service names which ones, with their before and after).
   */
  audit?: { target: DeclaredTarget };
  /**
   * The call spends or moves cards or creates terminals: it honours an `Idempotency-Key` header, so a
   * repeat with the same key and parameters answers the first call's answer and changes nothing.
   */
  spends?: true;
}

/** The header a client sends to make a spending call safe to repeat (DESIGN §8). */
export const IdempotencyHeader = 'Idempotency-Key';
/** A key is 1–255 visible ASCII characters (a UUID in practice). */
export const isIdempotencyKey = (v: string) => /^[\x21-\x7e]{1,255}$/.test(v);

/**
 * The route of GET /v1/auth/getAppInfo, in a module without zod: every page of the web asks for the
 * platform's look at start-up, before it needs any schema (docs/decisions.md).
 */
export const appInfoRoute = {
  method: 'GET',
  path: '/v1/auth/getAppInfo',
  access: 'public',
} as const satisfies Route;
