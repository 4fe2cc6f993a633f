import { api } from '@ptt/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../test/api-mock.ts';
import { radio4 } from '../../test/fixtures.ts';
import { dispatchLiveEvent } from './live-events.ts';
import { QueryScope } from './query-scope.tsx';
import { useEndpointQuery } from './use-endpoint-query.ts';
import { useLiveConnection } from './use-live-connection.ts';

const Count = () => {
  useLiveConnection();
  const count = useEndpointQuery(api.sos.untreatedSOSCount, {}).data;
  return <output data-testid="count">{count ?? '…'}</output>;
};

afterEach(() => vi.unstubAllGlobals());

describe('live connection', () => {
  it('fetches the SOS count again as soon as an SOS is raised or processed', async () => {
    signIn(1);
    let count = 1;
    const fetch = mockApi({ [api.sos.untreatedSOSCount.path]: () => ({ data: count }) });
    render(
      <QueryScope>
        <Count />
      </QueryScope>,
    );
    await screen.findByText('1');
    count = 2;
    act(() =>
      dispatchLiveEvent({
        id: 3,
        type: 'sos.raised',
        data: {
          id: 9,
          ...radio4,
          lat: null,
          lng: null,
          at: '2026-11-22T08:30:00Z',
        },
      }),
    );
    await screen.findByText('2');
    count = 1;
    act(() =>
      dispatchLiveEvent({
        id: 4,
        type: 'sos.processed',
        data: { id: 9, terminal_id: 4, org_id: 2, processor: 'Demo_Company', at: '2026-11-22T08:31:00Z' },
      }),
    );
    await screen.findByText('1');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
  });
});
