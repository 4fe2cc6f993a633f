import { api } from '@ptt/contract';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { getLoginInfo } from '../../lib/storage.ts';

/** The signed-in agent's profile (its path tells a sub-agent); companies have none. */
export const useAgentInfo = () =>
  useEndpointQuery(api.profile.agent, {}, { enabled: getLoginInfo()?.role === 0 });
