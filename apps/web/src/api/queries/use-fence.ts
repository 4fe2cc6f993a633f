import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

export const useFence = (id: number) => useEndpointQuery(api.fence.detail, { id }, { enabled: id > 0 });
