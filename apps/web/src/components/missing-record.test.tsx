import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../test/api-mock.ts';
import { findPage, renderRoute } from '../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a detail page without its record', () => {
  it('says the user does not exist instead of loading for ever', async () => {
    signIn(0);
    // Every path answers 'The record does not exist' (a deleted user, or one out of scope).
    mockApi({});
    renderRoute('/userDetail?id=99');
    await findPage('user-detail');
    expect(
      await screen.findByText('The record does not exist', { selector: '.adm-error-block *' }),
    ).toBeTruthy();
  });

  it('asks for nothing when the link carries no id', async () => {
    signIn(1);
    const fetch = mockApi({});
    renderRoute('/groupDetail');
    await findPage('group-detail');
    expect(await screen.findByText('The record does not exist')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/v1/group/detail'))).toBe(false);
  });

  it.each([
    [0, '/agentDetail?id=7', 'agent-detail'],
    [0, '/orgDetail?id=7', 'org-detail'],
    [1, '/perfect?id=7', 'perfect-page'],
    [1, '/groupMembers?id=7', 'group-members'],
    [1, '/unMembers?id=7', 'un-members'],
    [1, '/compereAdd?id=7', 'compere-add'],
  ] as const)('as role %i, %s out of scope says so', async (role, path, testId) => {
    signIn(role);
    mockApi({});
    renderRoute(path);
    await findPage(testId);
    expect(
      await screen.findByText('The record does not exist', { selector: '.adm-error-block *' }),
    ).toBeTruthy();
  });

  it.each([
    [0, '/userDetail'],
    [0, '/orgDetail'],
    [1, '/perfect'],
    [1, '/ListeningGroup'],
    [1, '/ListeningGroupAdd'],
    [1, '/fenceDetail'],
    [1, '/fenceMembers'],
    [1, '/fenceMyMembersList'],
    [1, '/fenceAdministrator'],
    [1, '/sosDetail'],
    [1, '/locationTrack'],
  ] as const)('as role %i, %s without an id says the record does not exist', async (role, path) => {
    signIn(role);
    mockApi({});
    renderRoute(path);
    expect(await screen.findByText('The record does not exist', {}, { timeout: 8000 })).toBeTruthy();
  });

  it.each(['/groupMembers', '/unMembers', '/compereAdd', '/agentDetail'])(
    '%s without an id asks for nothing',
    async (path) => {
      signIn(path === '/agentDetail' ? 0 : 1);
      const fetch = mockApi({});
      renderRoute(path);
      expect(await screen.findByText('The record does not exist')).toBeTruthy();
      expect(
        fetch.mock.calls.some(([url]) => /\/v1\/(group|agent)\/(detail|members|unMembers)/.test(String(url))),
      ).toBe(false);
    },
  );
});
