import { api } from '@ptt/contract';
import { useEndpointQuery } from '../use-endpoint-query.ts';

/**
 * POST /v1/notice/getFirstBulletin: the newest bulletin the agent has not seen. The server marks it seen
 * when it answers, so the answer is fetched once per session and never refetched behind the user's back.
 */
export const useFirstBulletin = (agent: { id: number; path: string } | undefined) =>
  useEndpointQuery(
    api.notice.getFirstBulletin,
    { agentId: agent?.id, path: agent?.path },
    {
      enabled: agent !== undefined,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  );
