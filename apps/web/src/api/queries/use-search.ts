import { api, type ParamsOf } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

export const useSearch = (params: ParamsOf<typeof api.search.global>) =>
  useEndpointQuery(api.search.global, params, { enabled: Boolean(params.keyword?.trim()) });
