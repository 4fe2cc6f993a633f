import { api } from '@ptt/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { orgInfo } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';

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
    expect(screen.getByTestId('fence-server').textContent).toContain('Fence server:');
  });

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
