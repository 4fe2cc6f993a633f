import type { Access } from './define.ts';

/** Where and how an endpoint is called, without its schemas. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
}

/**
 * The route of GET /v1/auth/getAppInfo, in a module without zod: every page of the web asks for the
 * platform's look at start-up, before it needs any schema (docs/decisions.md).
 */
export const appInfoRoute = {
  method: 'GET',
  path: '/v1/auth/getAppInfo',
  access: 'public',
} as const satisfies Route;
