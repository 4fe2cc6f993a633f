import { api } from '@ptt/contract';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';

/** POST /v1/agent/queryCardSwitch: which card types the signed-in agent may see (1 = enabled). */
export const useCardSwitch = () => useEndpointQuery(api.agent.queryCardSwitch, {});
