import { api, type ParamsOf } from '@ptt/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/report/agent: the signed-in agent's months (cards per type, new and lapsed users). */
export const useAgentReport = (params: ParamsOf<typeof api.report.agent>, enabled = true) =>
  useEndpointQuery(api.report.agent, params, {
    enabled,
    // Another period or card type keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
