import type { Endpoint } from '@ptt/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Refreshes every cached call after a deletion except the calls about the deleted record: fetched again
 * while its page is still on screen, they would answer 'The record does not exist' over the success toast.
 */
export const refreshAfterDelete = (client: QueryClient, id: number, endpoints: readonly Endpoint[]) =>
  client.invalidateQueries({
    predicate: (query) => {
      const [path, params] = query.queryKey as [unknown, { id?: unknown } | undefined];
      return !(endpoints.some((e) => e.path === path) && Number(params?.id) === id);
    },
  });
