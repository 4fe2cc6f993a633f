import type { DataOf, Endpoint, Page, ParamsOf } from '@ptt/contract';
import { type UseQueryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
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
