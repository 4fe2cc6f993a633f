import { api } from '@ptt/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { orgInfo } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { fenceRow } from './fence-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fences = { list: [], total: 0, page: 1, size: 20 };

describe('fence list', () => {
  it('links to the company’s fence server from its server list, in a new tab', async () => {
    signIn(1);
    mockApi({
      [api.fence.list.path]: { data: fences },
      [api.profile.org.path]: { data: orgInfo },
      [api.org.getAssemblyUrl.path]: {
        data: [
          { server_type: 'audio', intranet_ip: '10.0.0.9', intranet_port: 7000 },
          { server_type: 'enclosure', intranet_ip: '10.0.0.12', intranet_port: 8090 },
        ],
      },
    });
    renderRoute('/fencelist');
    await findPage('fence-list');
    const link = await screen.findByTestId('fence-server-link');
    expect(link.getAttribute('href')).toBe('http://10.0.0.12:8090/fencelist?org_id=5');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noreferrer');
    // In words under the list; the internal address is not written out for the company.
    expect(link.textContent).toBe('Open the list on the fence server ↗');
    expect(screen.getByTestId('fence-server').textContent).toContain(
      'Opens only inside your company’s network',
    );
    expect(screen.getByTestId('fence-server').textContent).not.toContain('10.0.0.12');
    const page = screen.getByTestId('fence-list');
    expect(page.lastElementChild).toBe(screen.getByTestId('fence-server'));
  });

  it.each([['an agent', 0]] as const)(
    'asks no company setting for %s, and names each fence’s company',
    async (_who, role) => {
      signIn(role);
      const spy = mockApi({
        [api.fence.list.path]: {
          data: {
            ...fences,
            total: 1,
            list: [
              fenceRow({
                id: 1,
                name: 'Depot Yard',
                org_id: 5,
                member_count: 2,
                created_at: '2026-11-01T00:00:00Z',
              }),
            ],
          },
        },
      });
      renderRoute('/fencelist');
      await findPage('fence-list');
      expect((await screen.findByTestId('fence-row-company')).textContent).toBe('Demo_Company · ');
      const asked = spy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
      expect(asked).not.toContain(api.org.getAssemblyUrl.path);
      expect(asked).not.toContain(api.profile.org.path);
      expect(screen.queryByTestId('fence-server')).toBeNull();
    },
  );

  it('shows no link when the company has no fence server', async () => {
    signIn(1);
    mockApi({
      [api.fence.list.path]: { data: fences },
      [api.profile.org.path]: { data: orgInfo },
      [api.org.getAssemblyUrl.path]: { data: [] },
    });
    renderRoute('/fencelist');
    await findPage('fence-list');
    expect(await screen.findByText('No fences yet')).toBeTruthy();
    expect(screen.queryByTestId('fence-server')).toBeNull();
  });
});
