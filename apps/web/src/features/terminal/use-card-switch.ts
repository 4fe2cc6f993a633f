import { api } from '@ptt/contract';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { getLoginInfo } from '../../lib/storage.ts';

/** The agent's card switch: which functions it may activate. Companies have none. */
export const useCardSwitch = () =>
  useEndpointQuery(api.agent.queryCardSwitch, {}, { enabled: getLoginInfo()?.role === 0 });
