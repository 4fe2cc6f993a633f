import { api } from '@ptt/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../test/api-mock.ts';
import { stats } from '../../test/fixtures.ts';
import { endpointKey, useEndpointQuery, useRefetchEndpoints } from './use-endpoint-query.ts';

afterEach(() => vi.unstubAllGlobals());

const callsTo = (spy: ReturnType<typeof mockApi>, path: string) =>
  spy.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path).length;

describe('useRefetchEndpoints', () => {
  it('fetches again the shown calls of the endpoints it names, and no other, before it resolves', async () => {
    signIn(0);
    let users = stats.user_count;
    const spy = mockApi({
      [api.profile.faststats.path]: () => ({ data: { ...stats, user_count: users } }),
      [api.notice.getFirstBulletin.path]: { data: null },
      [api.notice.newUnreadCount.path]: { data: 3 },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        stats: useEndpointQuery(api.profile.faststats, {}),
        bulletin: useEndpointQuery(api.notice.getFirstBulletin, { agentId: 1, path: 'A001' }),
        unread: useEndpointQuery(api.notice.newUnreadCount, { agentId: 1 }, { enabled: false }),
        refresh: useRefetchEndpoints(api.profile.faststats, api.notice.newUnreadCount),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.stats.data?.user_count).toBe(stats.user_count));
    await waitFor(() => expect(result.current.bulletin.isSuccess).toBe(true));

    users += 1;
    await act(() => result.current.refresh());
    const cached = client.getQueryData<typeof stats>(endpointKey(api.profile.faststats, {}));
    expect(cached?.user_count).toBe(stats.user_count + 1);
    await waitFor(() => expect(result.current.stats.data?.user_count).toBe(stats.user_count + 1));
    expect(callsTo(spy, api.profile.faststats.path)).toBe(2);
    expect(callsTo(spy, api.notice.getFirstBulletin.path)).toBe(1);
    // A call the screen holds back (here, until it knows the agent) stays held back.
    expect(callsTo(spy, api.notice.newUnreadCount.path)).toBe(0);
  });
});
