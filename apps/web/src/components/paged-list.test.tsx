import { api } from '@ptt/contract';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../test/api-mock.ts';
import { setOffline } from '../api/network-state.ts';
import { QueryScope } from '../api/query-scope.tsx';
import { PagedList } from './paged-list.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  setOffline(false);
});

const page = {
  data: {
    list: [{ id: 1, name: 'Depot Yard', type: 1, trigger: 1, members: 0, created_at: '2026-01-01' }],
    total: 1,
    page: 1,
    size: 20,
  },
};

const renderList = () =>
  render(
    <MemoryRouter>
      <QueryScope>
        <PagedList
          endpoint={api.fence.list}
          empty="No fences yet"
          testId="fences"
          rowKey={(r) => r.id}
          item={(r) => <span>{r.name}</span>}
        />
      </QueryScope>
    </MemoryRouter>,
  );

describe('a list offline and back', () => {
  it('says it cannot load while offline, then loads by itself when the network returns', async () => {
    signIn(1);
    // No answer at all: the network is gone.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderList();
    expect(await screen.findByText('Cannot load while offline')).toBeTruthy();
    expect(screen.queryByText('No fences yet')).toBeNull();
    mockApi({ [api.fence.list.path]: page });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Depot Yard')).toBeTruthy();
    expect(screen.queryByText('Cannot load while offline')).toBeNull();
  });

  it('offers to try again when the server refused the list', async () => {
    signIn(1);
    mockApi({});
    renderList();
    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
    mockApi({ [api.fence.list.path]: page });
    act(() => screen.getByText('Try again').click());
    expect(await screen.findByText('Depot Yard')).toBeTruthy();
  });
});
