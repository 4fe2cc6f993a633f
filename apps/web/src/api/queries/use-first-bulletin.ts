import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/**
 * POST /v1/notice/getFirstBulletin: the newest bulletin the agent has not opened. Asked again each time
 * the home shows, so a bulletin opened meanwhile is gone and one dismissed unread comes back.
 */
export const useFirstBulletin = (agent: { id: number; path: string } | undefined) =>
  useEndpointQuery(
    api.notice.getFirstBulletin,
    { agentId: agent?.id, path: agent?.path },
    { enabled: agent !== undefined, staleTime: 0, refetchOnWindowFocus: false },
  );
