import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/agent/runway: per enabled card type, the balance against the renewals due, and the threshold. */
export const useRunway = (enabled = true) => useEndpointQuery(api.agent.runway, {}, { enabled });
