import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/profile/org: the signed-in company. */
export const useOrgInfo = (enabled = true) => useEndpointQuery(api.profile.org, {}, { enabled });
