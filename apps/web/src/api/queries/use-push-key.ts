import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/push/key: the server's VAPID key, null when it sends no pushes. Asked only where push works. */
export const usePushKey = (enabled: boolean) =>
  useEndpointQuery(api.push.key, {}, { enabled, staleTime: Number.POSITIVE_INFINITY });
