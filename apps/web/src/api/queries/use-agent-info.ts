import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/profile/agent: the signed-in agent with its card balances. */
export const useAgentInfo = (enabled = true) => useEndpointQuery(api.profile.agent, {}, { enabled });
