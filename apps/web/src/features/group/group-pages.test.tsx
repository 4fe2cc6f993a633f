import { api } from '@ptt/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const summary = (id: number, name: string, selfCreated: boolean) => ({
  id,
  name,
  org_id: 7,
  org_name: 'TaxiCo',
  member_count: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  self_created: selfCreated,
});

describe('self-created groups', { timeout: 20_000 }, () => {
  it('marks the groups terminals created in the list', async () => {
    signIn(1);
    mockApi({
      [api.group.list.path]: {
        data: { list: [summary(2, 'Convoy', true), summary(1, 'Desk', false)], total: 2, page: 1, size: 20 },
      },
    });
    renderRoute('/groupList');
    await findPage('group-list');
    expect((await screen.findByTestId('self-created-2')).textContent).toBe('Self-created');
    expect(screen.queryByTestId('self-created-1')).toBeNull();
  });

  it('names the owner terminal with the mark in the detail', async () => {
    signIn(1);
    mockApi({
      [api.group.detail.path]: {
        data: {
          ...summary(2, 'Convoy', true),
          leader: { id: 5, name: 'Radio5' },
          compere: null,
          owner: { id: 5, name: 'Radio5' },
        },
      },
    });
    renderRoute('/groupDetail?id=2');
    await findPage('group-detail');
    expect((await screen.findByTestId('group-owner')).textContent).toBe('Radio5Self-created');
  });
});
