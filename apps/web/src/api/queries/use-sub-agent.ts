import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/agent/detail: a sub-agent in scope with its card balances and its card switch. */
export const useSubAgent = (id?: number) =>
  useEndpointQuery(api.agent.detail, { id: id ?? 0 }, { enabled: id !== undefined });
