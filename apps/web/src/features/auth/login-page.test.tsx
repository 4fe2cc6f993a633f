import { api, Code, Messages } from '@ptt/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { changeLanguage } from '../../i18n/i18n.ts';
import {
  getLoginInfo,
  getRememberedAccount,
  setRememberedAccount,
  setStoredRole,
} from '../../lib/storage.ts';

// The puzzle has its own tests; here a stand-in solves it on a click.
vi.mock('../../components/slider-puzzle/slider-puzzle', () => ({
  SliderPuzzle: (props: { visible: boolean; onSuccess: (token: string, x: number) => void }) =>
    props.visible ? (
      <div role="dialog">
        <button type="button" onClick={() => props.onSuccess('puzzle-token', 137)}>
          solve
        </button>
      </div>
    ) : null,
}));

const appInfo = {
  appid: 'ptt-console-web',
  appsecret: 'app-secret',
  title: 'PTT Console',
  top_background: '#1677ff',
  top_font_color: '#ffffff',
  logo: '',
  icon: '',
};
const session = { access_token: 'tok', openid: 'oid', role: 0, expires_in: 3600 };

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

beforeEach(() => {
  mockApi({ [api.auth.getAppInfo.path]: { data: appInfo } });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('login validation', () => {
  it('says the account or password cannot be empty, and opens no puzzle', async () => {
    renderRoute('/');
    await findPage('login-page');
    type('Account', 'agent01');
    submit();
    expect(await screen.findByText('Account or password cannot be empty')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the message in the language chosen on the page', async () => {
    renderRoute('/');
    await findPage('login-page');
    submit();
    await screen.findByText('Account or password cannot be empty');
    const select = screen.getByTestId('lang-switch') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['en', 'zh-Hant']);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'zh-Hant' } });
    });
    expect(await screen.findByText('帳號或密碼不能為空')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(localStorage.getItem('lang')).toBe('zh-Hant');
  });
});

describe('login languages (SPEC §1)', () => {
  it('offers only English and Traditional Chinese, also with Simplified Chinese stored', async () => {
    await changeLanguage('zh-Hans');
    renderRoute('/');
    await findPage('login-page');
    const select = screen.getByTestId('lang-switch') as HTMLSelectElement;
    const choices = [...select.options].filter((option) => !option.disabled).map((option) => option.value);
    expect(choices).toEqual(['en', 'zh-Hant']);
    expect(select.value).toBe('zh-Hans');
  });
});

describe('role tabs (SPEC §4)', () => {
  it('clears the remembered account for the other role and restores it for its own', async () => {
    setStoredRole(0);
    setRememberedAccount({ role: 0, account: 'agent01' });
    renderRoute('/');
    await findPage('login-page');
    expect(field('Account').value).toBe('agent01');
    expect(field('Account').autocomplete).toBe('username');
    expect(field('Password').autocomplete).toBe('current-password');

    fireEvent.click(screen.getByTestId('role-tab-org'));
    expect(field('Account').value).toBe('');
    expect(screen.getByTestId('role-tab-org').getAttribute('aria-selected')).toBe('true');
    expect(localStorage.getItem('role')).toBe('1');

    fireEvent.click(screen.getByTestId('role-tab-agent'));
    expect(field('Account').value).toBe('agent01');
    expect(localStorage.getItem('role')).toBe('0');
  });

  it('starts on the persisted role', async () => {
    setStoredRole(1);
    renderRoute('/');
    await findPage('login-page');
    expect(screen.getByTestId('role-tab-org').getAttribute('aria-selected')).toBe('true');
  });
});

describe('password field', () => {
  it('is limited to 30 characters and can be shown', async () => {
    renderRoute('/');
    await findPage('login-page');
    expect(field('Password').maxLength).toBe(30);
    expect(field('Password').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').type).toBe('text');
  });
});

describe('logging in', () => {
  it('logs in after the puzzle, stores the session and remembers only the account name', async () => {
    const spy = mockApi({
      [api.auth.getAppInfo.path]: { data: appInfo },
      [api.auth.accessToken.path]: { data: session },
    });
    setStoredRole(1);
    const view = renderRoute('/');
    await findPage('login-page');
    type('Account', ' company01 ');
    type('Password', 'company123');
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'solve' }));

    // /home is a lazy page: its first load transforms its modules.
    await waitFor(() => expect(view.pathname()).toBe('/home'), { timeout: 8000 });
    const loginCall = spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === api.auth.accessToken.path);
    expect(Object.fromEntries(loginCall?.searchParams ?? [])).toEqual({
      appId: 'ptt-console-web',
      appSecret: 'app-secret',
      user_type: '1',
      username: 'company01',
      password: 'company123',
      platform: 'web',
      token: 'puzzle-token',
      x: '137',
    });
    expect(getLoginInfo()).toEqual({ access_token: 'tok', openid: 'oid', role: 0 });
    expect(getRememberedAccount()).toEqual({ role: 1, account: 'company01' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('company123');
  }, 15_000);

  it("shows the server's message when the login fails and stays on the page", async () => {
    mockApi({
      [api.auth.getAppInfo.path]: { data: appInfo },
      [api.auth.accessToken.path]: { code: Code.loginFailed, msg: Messages.passwordError },
    });
    const view = renderRoute('/');
    await findPage('login-page');
    type('Account', 'agent01');
    type('Password', 'wrong-one');
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'solve' }));
    expect(await screen.findByText('Password error')).toBeTruthy();
    expect(view.pathname()).toBe('/');
    expect(getLoginInfo()).toBeNull();
  });

  it('disables the login button for a moment after a click', async () => {
    renderRoute('/');
    await findPage('login-page');
    submit();
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
