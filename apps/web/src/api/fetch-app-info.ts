import { api } from '@ptt/contract';
import { call } from './client.ts';

/** Split from the store so the endpoint table (and zod) is not part of the first page's JavaScript. */
export const fetchAppInfo = () => call(api.auth.getAppInfo, { type: 'web' });
