import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/terminal/expiringCounts: terminals in scope with a function due per radar window. */
export const useExpiringCounts = (orgId?: number) =>
  useEndpointQuery(api.terminal.expiringCounts, orgId === undefined ? {} : { orgId });
