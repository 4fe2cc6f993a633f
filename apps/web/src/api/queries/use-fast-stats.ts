import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/profile/faststats: agent, company, group and user counts in the caller's scope. */
export const useFastStats = () => useEndpointQuery(api.profile.faststats, {});
