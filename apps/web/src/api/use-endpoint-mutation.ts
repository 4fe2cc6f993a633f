import type { DataOf, Endpoint, ParamsOf } from '@ptt/contract';
import { Code } from '@ptt/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, type CallOptions, call } from './client.ts';
import { endpointKeyPrefix } from './use-endpoint-query.ts';

/** The calls about one record that a deletion must not fetch again (they would answer 'does not exist'). */
export interface Deleted {
  /** The record's id as the call's parameters carry it. */
  id: unknown;
  /** The endpoints that read the record by `id`, or with the parameter that carries its id
   * (`[api.location.last, 'terminalId']`). */
  endpoints: readonly (Endpoint | readonly [Endpoint, string])[];
}

/** Whether a cached call of `endpoint` with `params` reads the deleted record. */
const readsDeleted = (deleted: Deleted, endpoint: Endpoint, params: Record<string, unknown> | undefined) =>
  deleted.endpoints.some((entry) => {
    const [target, key] = Array.isArray(entry) ? entry : [entry as Endpoint, 'id'];
    return target === endpoint && Number(params?.[key]) === Number(deleted.id);
  });

/**
 * Marks the cached calls of these endpoints stale and fetches again those on screen. Calls about a deleted
 * record are left alone: fetched again while its page is still shown, they would answer 'The record does
 * not exist' over the success toast.
 */
export const invalidateEndpoints = (client: QueryClient, endpoints: readonly Endpoint[], deleted?: Deleted) =>
  Promise.all(
    endpoints.map((endpoint) =>
      client.invalidateQueries({
        queryKey: endpointKeyPrefix(endpoint),
        predicate: deleted
          ? (query) =>
              !readsDeleted(deleted, endpoint, query.queryKey[1] as Record<string, unknown> | undefined)
          : undefined,
      }),
    ),
  ).then(() => undefined);

type SendOptions = Pick<CallOptions, 'toast' | 'jsonBody' | 'session' | 'upload'>;

interface Options<E extends Endpoint> {
  /** The endpoints whose answers the change alters: their cached calls are fetched again after success. */
  invalidates?: readonly Endpoint[];
  /** For a deletion: which record it removes, so that its own calls are not fetched again. */
  deletes?: (params: ParamsOf<E>) => Deleted;
  /** How the call is sent (`toast: false` when the screen shows the server's refusal itself), or how
   * each call is sent, by its parameters. */
  call?: SendOptions | ((params: ParamsOf<E>) => SendOptions);
}

/** A new random key for a spending call (works on plain HTTP too, where randomUUID does not exist). */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** No answer came back (offline, the server out of reach): the server may have done it, so a retry repeats. */
const unanswered = (error: unknown) => !(error instanceof ApiError) || error.code === Code.internal;

/**
 * A change sent to one contract endpoint. `mutateAsync` resolves once the invalidated calls that are on
 * screen have been fetched again, so a page that navigates or toasts after it shows fresh data.
 *
 * A spending endpoint's call carries an Idempotency-Key: one per confirmed operation, kept while the same
 * parameters are sent again after no answer came back (a tap again after a dropped network), so the
 * server spends once; a new key after an answer, so the next sale of the same cards is a sale.
 */
export const useEndpointMutation = <E extends Endpoint>(endpoint: E, options: Options<E> = {}) => {
  const client = useQueryClient();
  const attempt = useRef<{ params: string; key: string } | undefined>(undefined);
  return useMutation<DataOf<E>, Error, ParamsOf<E>>({
    mutationFn: (params) => {
      const how = typeof options.call === 'function' ? options.call(params) : options.call;
      if (!endpoint.spends) return call(endpoint, params, how);
      const sent = JSON.stringify(params);
      if (attempt.current?.params !== sent) attempt.current = { params: sent, key: newIdempotencyKey() };
      return call(endpoint, params, { ...how, idempotencyKey: attempt.current.key });
    },
    onSuccess: (_data, params) => {
      attempt.current = undefined;
      return invalidateEndpoints(client, options.invalidates ?? [], options.deletes?.(params));
    },
    onError: (error) => {
      if (!unanswered(error)) attempt.current = undefined;
    },
  });
};

/** Invalidation by endpoint key for a screen that changes several things before refreshing once. */
export const useInvalidateEndpoints = () => {
  const client = useQueryClient();
  return (endpoints: readonly Endpoint[], deleted?: Deleted) =>
    invalidateEndpoints(client, endpoints, deleted);
};
