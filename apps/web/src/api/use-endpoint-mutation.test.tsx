import { api, Code, Messages } from '@ptt/contract';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../test/api-mock.ts';
import { invalidateEndpoints, useEndpointMutation } from './use-endpoint-mutation.ts';
import { endpointKey } from './use-endpoint-query.ts';

afterEach(() => vi.unstubAllGlobals());

/** Watches cached calls as a screen would, recording each fetch by name. */
const screen = (client: QueryClient) => {
  const fetched: string[] = [];
  const watch = (key: readonly unknown[], name: string) => {
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => {
        fetched.push(name);
        return name;
      },
    });
    observer.subscribe(() => undefined);
  };
  /** Lets the first fetches of what is watched finish, and forgets them. */
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    fetched.length = 0;
  };
  return { fetched, watch, settle };
};

/** Runs a hook inside the query client's provider, as a screen would. */
const renderWith = <T,>(client: QueryClient, hook: () => T) =>
  renderHook(hook, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });

describe('invalidateEndpoints', () => {
  it('refetches what is on screen except the calls about the deleted record', async () => {
    const client = new QueryClient();
    const { fetched, watch, settle } = screen(client);
    watch(endpointKey(api.group.detail, { id: 7 }), 'deleted group');
    watch([...endpointKey(api.group.members, { id: 7 }), 'pages'], 'its members');
    watch(endpointKey(api.group.detail, { id: 8 }), 'another group');
    watch([...endpointKey(api.group.list, {}), 'pages'], 'group list');
    watch(endpointKey(api.fence.list, {}), 'fence list');
    await settle();

    await invalidateEndpoints(client, [api.group.detail, api.group.members, api.group.list], {
      id: 7,
      endpoints: [api.group.detail, api.group.members],
    });
    expect(fetched.sort()).toEqual(['another group', 'group list']);
  });
});

describe('useEndpointMutation', () => {
  it('sends the change, then fetches again the shown calls of the endpoints it invalidates before resolving', async () => {
    signIn(0);
    const spy = mockApi({ [api.group.setLeader.path]: { data: null } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { fetched, watch, settle } = screen(client);
    watch(endpointKey(api.group.members, { id: 7 }), 'members');
    watch(endpointKey(api.fence.list, {}), 'fences');
    await settle();
    const { result } = renderWith(client, () =>
      useEndpointMutation(api.group.setLeader, { invalidates: [api.group.members] }),
    );

    await act(() => result.current.mutateAsync({ id: 7, terminalId: 3 }));
    const sent = new URL(String(spy.mock.calls[0]?.[0]), 'http://localhost');
    expect(sent.pathname).toBe(api.group.setLeader.path);
    expect(sent.searchParams.get('terminalId')).toBe('3');
    expect(fetched).toEqual(['members']);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('refreshes nothing when the server refuses the change', async () => {
    signIn(0);
    mockApi({ [api.group.setLeader.path]: { code: Code.notFound, msg: Messages.notFound } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { fetched, watch, settle } = screen(client);
    watch(endpointKey(api.group.members, { id: 7 }), 'members');
    await settle();
    const { result } = renderWith(client, () =>
      useEndpointMutation(api.group.setLeader, { invalidates: [api.group.members] }),
    );
    await act(() =>
      expect(result.current.mutateAsync({ id: 7, terminalId: 3 })).rejects.toMatchObject({
        code: Code.notFound,
      }),
    );
    expect(fetched).toEqual([]);
  });

  it('sends one Idempotency-Key per sale, the same again after no answer came back, a new one after an answer', async () => {
    signIn(0);
    const keys: (string | null)[] = [];
    let drop = true;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key'));
      // The first sale reaches the server, but its answer is lost on the way back.
      if (drop) {
        drop = false;
        throw new TypeError('Failed to fetch');
      }
      return new Response(JSON.stringify({ code: Code.ok, msg: Messages.ok, data: { balance: 5 } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const { result } = renderWith(client, () => useEndpointMutation(api.agent.blanceAdd));
    const sale = { agentId: 2, cardType: 0, quantity: 5 };
    await act(() => expect(result.current.mutateAsync(sale)).rejects.toBeTruthy());
    await act(() => result.current.mutateAsync(sale));
    await act(() => result.current.mutateAsync(sale));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends no key with a call that spends nothing', async () => {
    signIn(0);
    const spy = mockApi({ [api.group.setLeader.path]: { data: null } });
    const client = new QueryClient();
    const { result } = renderWith(client, () => useEndpointMutation(api.group.setLeader));
    await act(() => result.current.mutateAsync({ id: 7, terminalId: 3 }));
    const init = spy.mock.calls[0]?.[1] as RequestInit | undefined;
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeNull();
  });
});
