import type { DataOf, Endpoint, Page, ParamsOf } from '@ptt/contract';
import {
  type InfiniteData,
  type UseQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from './client.ts';

type Extra<E extends Endpoint> = Omit<UseQueryOptions<DataOf<E>, Error>, 'queryKey' | 'queryFn'> & {
  /** false: the screen shows the refusal itself (a track with no points is no failure). */
  toast?: boolean;
};

/** The start of the query keys of every call of an endpoint, whatever its parameters. */
export const endpointKeyPrefix = (endpoint: Endpoint) => [endpoint.path] as const;

/** The query key of an endpoint call: its path and parameters, so equal calls share one cache entry. */
export const endpointKey = <E extends Endpoint>(endpoint: E, params?: ParamsOf<E>) =>
  [...endpointKeyPrefix(endpoint), params ?? {}] as const;

/** A TanStack query bound to one contract endpoint; the endpoint hooks of the features build on it. */
export const useEndpointQuery = <E extends Endpoint>(
  endpoint: E,
  params?: ParamsOf<E>,
  { toast, ...options }: Extra<E> = {},
) =>
  useQuery<DataOf<E>, Error>({
    queryKey: endpointKey(endpoint, params),
    queryFn: ({ signal }) => call(endpoint, params, { signal, toast }),
    ...options,
  });

/** The rows of a paged endpoint, one page after another (infinite scroll), under the endpoint's key. */
export const useEndpointPages = <E extends Endpoint>(endpoint: E, params?: ParamsOf<E>) =>
  useInfiniteQuery({
    queryKey: [...endpointKey(endpoint, params), 'pages'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(endpoint, { ...(params ?? {}), page: pageParam } as ParamsOf<E>, { signal }) as Promise<
        Page<unknown>
      >,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });

interface CursorExtra {
  enabled?: boolean;
  staleTime?: number;
  gcTime?: number;
  refetchOnWindowFocus?: boolean;
}

/**
 * Every page of a keyset-paged endpoint, whose answers carry the `next` value of the `cursor` parameter
 * (null on the last page): each page is asked for as soon as the one before it arrives, and the pages
 * come in as they are read. A failed page stops the reading.
 */
export const useEndpointCursorPages = <E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  cursor: keyof ParamsOf<E> & string,
  options: CursorExtra = {},
) => {
  const query = useInfiniteQuery<
    DataOf<E>,
    Error,
    InfiniteData<DataOf<E>, number | null>,
    readonly unknown[],
    number | null
  >({
    queryKey: [...endpointKey(endpoint, params), 'pages'],
    initialPageParam: null,
    queryFn: ({ pageParam, signal }) =>
      call(
        endpoint,
        (pageParam === null ? params : { ...(params as object), [cursor]: pageParam }) as ParamsOf<E>,
        {
          signal,
        },
      ),
    getNextPageParam: (last) => (last as { next: number | null }).next ?? undefined,
    ...options,
  });
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  return query;
};

/**
 * A screen's pull to refresh: fetches again the calls of these endpoints that the screen shows, so
 * that the screen need not hold (and re-render with) every answer it refreshes.
 */
export const useRefetchEndpoints = (...endpoints: Endpoint[]) => {
  const client = useQueryClient();
  return () =>
    Promise.all(
      endpoints.map((endpoint) =>
        client.refetchQueries({ queryKey: endpointKeyPrefix(endpoint), type: 'active' }),
      ),
    ).then(() => undefined);
};
