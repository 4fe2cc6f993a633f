import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

export const useGroupDetail = (id: number) => useEndpointQuery(api.group.detail, { id }, { enabled: id > 0 });
