import { api } from '@ptt/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../test/api-mock.ts';
import { findPage, renderRoute } from '../../test/render-route.tsx';

const appInfo = {
  appid: 'ptt-console-web',
  appsecret: 's',
  title: 'PTT Console',
  top_background: '#1677ff',
  top_font_color: '#ffffff',
  logo: '',
  icon: '',
};

beforeEach(() => {
  mockApi({ [api.auth.getAppInfo.path]: { data: appInfo } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('navigation guard (SPEC §2)', () => {
  it.each(['/home', '/main', '/about', '/agentList', '/system_notice?noticeDetail=1'])(
    'sends a visitor without login info from %s to the login page',
    async (path) => {
      const view = renderRoute(path);
      expect(await findPage('login-page')).toBeTruthy();
      expect(view.pathname()).toBe('/');
    },
  );

  it.each(['/salesAdd', '/agentChoice', '/scanCodeAdd', '/locationPayment', '/orgAdd', '/notice'])(
    'sends a company from the agents’ screen %s home, saying why',
    async (path) => {
      signIn(1);
      const view = renderRoute(path);
      expect(await screen.findByText('Only agents can do this')).toBeTruthy();
      await waitFor(() => expect(view.pathname()).toBe('/home'));
    },
  );

  it('lets a visitor without login info see /404', async () => {
    const view = renderRoute('/404');
    expect(await findPage('not-found')).toBeTruthy();
    expect(view.pathname()).toBe('/404');
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/');
  });

  it('shows the 404 page for unknown routes once signed in', async () => {
    signIn(0);
    const view = renderRoute('/noSuchScreen');
    expect(await findPage('not-found')).toBeTruthy();
    expect(view.pathname()).toBe('/noSuchScreen');
  });

  it('opens /about when signed in, with the version', async () => {
    signIn(1);
    renderRoute('/about');
    expect((await findPage('about-version')).textContent).toBe('1.0.1');
  });

  it('checks again on every navigation: a session that ended sends the next click to /', async () => {
    signIn(0);
    const view = renderRoute('/about');
    await findPage('about-page');
    sessionStorage.clear();
    await view.navigate('/main');
    await waitFor(() => expect(view.pathname()).toBe('/'));
  });

  it.each([0, 1] as const)(
    'sends a signed-in user (role %s) from / to his home, not the login form',
    async (role) => {
      signIn(role);
      const view = renderRoute('/');
      await waitFor(() => expect(view.pathname()).toBe('/home'));
      expect(screen.queryByTestId('login-page')).toBeNull();
    },
  );

  it('sets the document title to the product title', async () => {
    renderRoute('/');
    await findPage('login-page');
    await waitFor(() => expect(document.title).toBe('PTT Console'));
  });
});
