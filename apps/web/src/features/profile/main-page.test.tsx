import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { agentInfo, allOn, orgInfo } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { getLoginInfo } from '../../lib/storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/main, the personal center', () => {
  it('shows a sub-agent who it is and only the balances its card switch enables', async () => {
    signIn(0);
    mockApi({
      [api.profile.agent.path]: {
        data: agentInfo({ name: 'Reseller', path: 'A001B002', has_pay_pwd: true }),
      },
      [api.agent.queryCardSwitch.path]: { data: allOn({ recording_card: 0, super_card: 0 }) },
    });
    renderRoute('/main');
    await findPage('main-page');
    expect(await screen.findByText('Reseller')).toBeTruthy();
    expect(screen.getByText('Sub-agent')).toBeTruthy();
    expect(screen.getByText('Account: agent01')).toBeTruthy();
    expect((await screen.findByTestId('main-balance-voice')).textContent).toBe('100Voice');
    expect(screen.queryByTestId('main-balance-recording')).toBeNull();
    expect(screen.queryByTestId('main-balance-vip')).toBeNull();
    expect(screen.getByTestId('link-pay-pwd').textContent).toContain('Set');
    expect(screen.getByTestId('link-profile').getAttribute('href')).toBe('/individualUser');
    expect(screen.getByTestId('link-about').getAttribute('href')).toBe('/about');
    expect(screen.getByTestId('link-thresholds').getAttribute('href')).toBe('/cardThresholds');
    expect(screen.getByTestId('link-audit').getAttribute('href')).toBe('/audit');
  });

  it('shows a company its profile link and no balances or service card password', async () => {
    signIn(1);
    mockApi({ [api.profile.org.path]: { data: orgInfo } });
    renderRoute('/main');
    await findPage('main-page');
    expect(await screen.findByText('Company')).toBeTruthy();
    expect(screen.getByTestId('link-profile').getAttribute('href')).toBe('/orgUser');
    expect(screen.queryByTestId('main-balances')).toBeNull();
    expect(screen.queryByTestId('link-pay-pwd')).toBeNull();
    expect(screen.queryByTestId('link-thresholds')).toBeNull();
    expect(screen.getByTestId('link-audit').getAttribute('href')).toBe('/audit');
  });

  it('logs out only after confirmation, ending the session on the server', async () => {
    signIn(1);
    const fetch = mockApi({ [api.profile.org.path]: { data: orgInfo }, [api.auth.logout.path]: {} });
    const view = renderRoute('/main');
    await findPage('main-page');
    fireEvent.click(screen.getByTestId('logout'));
    // The dialog's code loads on first use, which is slow while every test file transforms at once.
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }, { timeout: 8000 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getLoginInfo()).not.toBeNull();
    await waitFor(() => expect((screen.getByTestId('logout') as HTMLButtonElement).disabled).toBe(false), {
      timeout: 3000,
    });
    fireEvent.click(screen.getByTestId('logout'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 });
    fireEvent.click(
      Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Log out') as Element,
    );
    await waitFor(() => expect(view.pathname()).toBe('/'));
    expect(getLoginInfo()).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith(api.auth.logout.path))).toBe(true);
  }, 20_000);
});
