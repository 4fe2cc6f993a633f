import { api, Limits } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/**
 * POST /v1/sos/untreatedSOSCount, polled every 3 s (SPEC §4). Polling belongs to the query, so it stops
 * as soon as the screen that uses it unmounts.
 */
export const useUntreatedSosCount = () =>
  useEndpointQuery(api.sos.untreatedSOSCount, {}, { refetchInterval: Limits.sosPollMs });
