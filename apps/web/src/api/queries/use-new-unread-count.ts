import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/** GET /v1/notice/newUnreadCount: unread deal notices of the agent (the badge on the tab bar). */
export const useNewUnreadCount = (agentId: number | undefined) =>
  useEndpointQuery(api.notice.newUnreadCount, { agentId }, { enabled: agentId !== undefined });
