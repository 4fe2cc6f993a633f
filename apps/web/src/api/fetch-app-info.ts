import { appInfoRoute } from '@ptt/contract';
import { request } from './client.ts';
import type { AppInfo } from './types.ts';

/**
 * Split from the store, and called by route rather than through the endpoint table, so that neither
 * the table nor zod is part of a first visit's JavaScript.
 */
export const fetchAppInfo = () => request(appInfoRoute, { type: 'web' }) as Promise<AppInfo>;
