import { api } from '@ptt/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { fenceDetail } from './fence-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fence = fenceDetail();

describe('fence keeper', () => {
  it('offers only the users the fence monitors, not every user of the company', async () => {
    signIn(1);
    const fetch = mockApi({
      [api.fence.detail.path]: { data: fence },
      [api.fence.members.path]: {
        data: {
          list: [{ terminal_id: 41, ssid: '861234567890001', name: 'Radio1', is_keeper: false }],
          total: 1,
          page: 1,
          size: 20,
        },
      },
      [api.terminal.list.path]: {
        data: {
          list: [{ id: 42, ssid: '861234567890002', name: 'Radio2' }],
          total: 1,
          page: 1,
          size: 20,
        },
      },
    });
    renderRoute('/fenceAdministrator?id=5');
    await findPage('fence-keeper');
    expect(await screen.findByTestId('check-861234567890001')).toBeTruthy();
    expect(screen.queryByTestId('check-861234567890002')).toBeNull();
    const asked = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).not.toContain(api.terminal.list.path);
  });
});
