import { api } from '@ptt/contract';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';

/** Where tiles come from, asked once per visit: the server's MAP_TILE_URL and its attribution. */
export const useMapConfig = () =>
  useEndpointQuery(api.location.mapConfig, undefined, { staleTime: Number.POSITIVE_INFINITY });
