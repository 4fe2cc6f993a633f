import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/agent/getCardCount: card balances of a sub-agent in scope (or the caller). */
export const useAgentBalance = (id?: number) =>
  useEndpointQuery(api.agent.getCardCount, { id }, { enabled: id !== undefined });
