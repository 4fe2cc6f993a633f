import { api } from '@ptt/contract';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';

/**
 * Where tiles come from (the server's MAP_TILE_URL and its attribution) and where a new map opens, asked
 * once per visit and again after a fence is saved (the fence editor invalidates every query).
 */
export const useMapConfig = () =>
  useEndpointQuery(api.location.mapConfig, undefined, { staleTime: Number.POSITIVE_INFINITY });
