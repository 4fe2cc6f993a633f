import { api, Code, Messages } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { agentInfo } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const calls = (fetch: ReturnType<typeof mockApi>, path: string) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path);

describe('/changePwd (SPEC §5 and §8)', () => {
  const open = async () => {
    signIn(1);
    const fetch = mockApi({
      [api.profile.password.path]: (url) =>
        url.searchParams.get('oldPassword') === 'company123'
          ? {}
          : { code: Code.invalid, msg: Messages.oldPasswordError, data: { field: 'oldPassword' } },
    });
    renderRoute('/changePwd');
    await findPage('change-pwd');
    const fill = (old: string, next: string, confirm: string) => {
      type('Current password', old);
      type('New password', next);
      type('Confirm new password', confirm);
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    };
    return { fetch, fill };
  };

  it('asks for the old password and 6-16 letters or digits, sending nothing', async () => {
    const { fetch, fill } = await open();
    fill('', 'abc 12', '');
    expect(await screen.findByText('Please enter the old password')).toBeTruthy();
    expect(screen.getAllByText('Password: 6-16 letters or digits')).toHaveLength(2);
    expect(calls(fetch, api.profile.password.path)).toHaveLength(0);
  });

  it('refuses two different new passwords', async () => {
    const { fetch, fill } = await open();
    fill('company123', 'abc12345', 'abc12346');
    expect(await screen.findByText('The 2 inputs are inconsistent, please re-enter')).toBeTruthy();
    expect(calls(fetch, api.profile.password.path)).toHaveLength(0);
  });

  it('refuses a new password equal to the old one', async () => {
    const { fill } = await open();
    fill('company123', 'company123', 'company123');
    expect(
      await screen.findByText('The new password cannot be the same as the original password'),
    ).toBeTruthy();
  });

  it('shows the server’s "Old password error" under the old password', async () => {
    const { fill } = await open();
    fill('wrongpass1', 'newpass99', 'newpass99');
    const error = await screen.findByText('Old password error');
    expect(error.id).toBe('change-pwd-oldPassword-error');
  });

  it('tells the user that the other sessions were ended', async () => {
    const { fetch, fill } = await open();
    fill('company123', 'newpass99', 'newpass99');
    expect(
      await screen.findByText(/Every other device signed in with this account has been logged out/),
    ).toBeTruthy();
    const [sent] = calls(fetch, api.profile.password.path);
    expect(Object.fromEntries(sent?.searchParams ?? [])).toMatchObject({
      oldPassword: 'company123',
      newPassword: 'newpass99',
      confirmPassword: 'newpass99',
      access_token: 'token-1',
    });
  });
});

describe('/changePayPwd', () => {
  const open = async (phone = '85291234567') => {
    signIn(0);
    const fetch = mockApi({
      [api.profile.agent.path]: { data: agentInfo({ phone }) },
      [api.jsp.updateCardPwd.path]: {},
    });
    renderRoute('/changePayPwd');
    await findPage('change-pay-pwd');
    // The form appears once the profile says where the code goes.
    await screen.findByText(phone ? /ending in/ : /Bind a mobile number first/);
    return fetch;
  };
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save service card password' }));

  it('wants 6 digits and a 4-digit code before anything is sent', async () => {
    const fetch = await open();
    await screen.findByText(/ending in 4567/);
    type('New service card password', '12a45');
    expect((screen.getByLabelText('New service card password') as HTMLInputElement).value).toBe('1245');
    type('Confirm service card password', '124500');
    submit();
    expect(await screen.findByText('Service card password: 6 digits')).toBeTruthy();
    expect(screen.getByText('Please enter correct verify code!')).toBeTruthy();
    expect(calls(fetch, api.jsp.updateCardPwd.path)).toHaveLength(0);
  });

  it('wants the same 6 digits twice', async () => {
    await open();
    type('New service card password', '135790');
    type('Confirm service card password', '135791');
    type('Verification code', '1234');
    submit();
    expect(await screen.findByText('The 2 inputs are inconsistent, please re-enter')).toBeTruthy();
  });

  it('saves the pair with the code and says so', async () => {
    const fetch = await open();
    type('New service card password', '135790');
    type('Confirm service card password', '135790');
    type('Verification code', '4321');
    submit();
    expect(await screen.findByText('Service card password saved')).toBeTruthy();
    const [sent] = calls(fetch, api.jsp.updateCardPwd.path);
    expect(Object.fromEntries(sent?.searchParams ?? [])).toMatchObject({
      cardPwd: '135790',
      confirmCardPwd: '135790',
      code: '4321',
    });
  });

  it('asks an agent without a phone to bind one first', async () => {
    await open('');
    expect(await screen.findByText(/Bind a mobile number first/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bind a mobile number' }).getAttribute('href')).toBe('/sendSms');
  });
});

describe('/resetPwd', () => {
  it('is open without login, checks the code before the new password and then resets', async () => {
    const fetch = mockApi({
      [api.jsp.verificationCode.path]: (url) =>
        url.searchParams.get('code') === '2468'
          ? {}
          : { code: Code.invalid, msg: Messages.codeError, data: { field: 'code' } },
      [api.jsp.setPhoneAndPwd.path]: {},
    });
    const view = renderRoute('/resetPwd');
    await findPage('reset-pwd-page');
    expect(view.pathname()).toBe('/resetPwd');
    type('Login account', 'agent01');
    type('Mobile number', '85291234567');
    type('Verification code', '1357');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Verification code error!')).toBeTruthy();
    type('Verification code', '2468');
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false),
      {
        timeout: 3000,
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('Confirm new password');
    type('New password', 'fresh2026');
    type('Confirm new password', 'fresh2026');
    const reset = screen.getByRole('button', { name: 'Reset password' });
    // The double-click guard still holds the form's button for a moment after "Next".
    await waitFor(() => expect(reset).toHaveProperty('disabled', false), { timeout: 3000 });
    fireEvent.click(reset);
    expect(await screen.findByText('Password reset')).toBeTruthy();
    const [sent] = calls(fetch, api.jsp.setPhoneAndPwd.path);
    expect(Object.fromEntries(sent?.searchParams ?? [])).toEqual({
      role: '0',
      account: 'agent01',
      code: '2468',
      newPassword: 'fresh2026',
      confirmPassword: 'fresh2026',
    });
    // Two double-click guards (2 s each) pass in this test.
  }, 15_000);
});
