import { api, type ParamsOf } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/agent/statementMonths: per month and card type, the opening and closing balance and the totals. */
export const useStatementMonths = (params: ParamsOf<typeof api.agent.statementMonths>) =>
  useEndpointQuery(api.agent.statementMonths, params);
