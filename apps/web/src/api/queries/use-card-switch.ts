import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/**
 * POST /v1/agent/queryCardSwitch: which card types the signed-in agent may see and activate (1 = enabled).
 * Companies have none: screens open to both pass `enabled` false for them.
 */
export const useCardSwitch = (enabled = true) => useEndpointQuery(api.agent.queryCardSwitch, {}, { enabled });
