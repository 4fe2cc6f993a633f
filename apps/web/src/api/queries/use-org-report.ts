import { api, type ParamsOf } from '@ptt/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/report/org: a company's weeks (users online, SOS raised and processed, fence alarms). */
export const useOrgReport = (params: ParamsOf<typeof api.report.org>, enabled = true) =>
  useEndpointQuery(api.report.org, params, {
    enabled,
    // Another period or card type keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
