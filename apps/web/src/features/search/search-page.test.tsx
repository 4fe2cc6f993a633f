import { api } from '@ptt/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { agentInfo } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const hits = {
  agents: [{ id: 2, name: 'Demo_Subagent', sub: 'subagent01' }],
  orgs: [{ id: 3, name: 'Demo_Company', sub: 'company01' }],
  groups: [{ id: 4, name: 'Patrol', sub: 'Company group' }],
  users: [{ id: 5, name: 'Car1', sub: '359100000000001' }],
};

describe('search', () => {
  it('groups a top-level agent’s results by kind and links each to its detail page', async () => {
    signIn(0);
    mockApi({ [api.search.global.path]: { data: hits }, [api.profile.agent.path]: { data: agentInfo() } });
    renderRoute('/Search?searchType=global&keyword=de');
    await findPage('search-page');
    expect((await screen.findByText('Demo_Subagent')).closest('a')?.getAttribute('href')).toBe(
      '/agentDetail?id=2',
    );
    expect(screen.getByText('Demo_Company').closest('a')?.getAttribute('href')).toBe('/orgDetail?id=3');
    expect(screen.getByText('Patrol').closest('a')?.getAttribute('href')).toBe('/groupDetail?id=4');
    expect(screen.getByText('Car1').closest('a')?.getAttribute('href')).toBe('/userDetail?id=5');
  });

  it('offers a company only groups and users', async () => {
    signIn(1);
    mockApi({ [api.search.global.path]: { data: { ...hits, agents: [], orgs: [] } } });
    renderRoute('/Search?searchType=global&keyword=pa');
    await findPage('search-page');
    expect(await screen.findByText('Patrol')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Agents' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Companies' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Groups' })).toBeTruthy();
  });
});
