import { api, Code, Messages } from '@ptt/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { QueryScope } from '../../api/query-scope.tsx';
import { SmsCodeField, type SmsTarget } from './sms-code-field.tsx';

const Harness = ({ target }: { target: () => SmsTarget | null }) => {
  const [code, setCode] = useState('');
  return (
    <QueryScope>
      <SmsCodeField id="code" value={code} onChange={setCode} target={target} />
    </QueryScope>
  );
};

const sent = { phone: '852****4567', expires_in: 300, resend_in: 60 };
const button = () => screen.getByTestId('send-code') as HTMLButtonElement;
const tick = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  // Only the countdown's clock is faked; the test library's own waiting keeps real timeouts.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the code field', () => {
  it('counts the resend time down after a code went out, then offers a new one', async () => {
    signIn(0);
    const fetch = mockApi({ [api.jsp.sendSms.path]: { msg: Messages.smsSent, data: sent } });
    render(<Harness target={() => ({ purpose: 'payPwd' })} />);
    expect(button().textContent).toBe('Get code');
    fireEvent.click(button());
    await waitFor(() => expect(button().textContent).toBe('Resend in 60 s'));
    expect(button().disabled).toBe(true);
    expect(screen.getByText('Code sent to 852****4567, valid for 5 minutes.')).toBeTruthy();
    await tick(1000);
    expect(button().textContent).toBe('Resend in 59 s');
    await tick(58_000);
    expect(button().textContent).toBe('Resend in 1 s');
    fireEvent.click(button());
    await tick(1000);
    expect(button().textContent).toBe('Get a new code');
    expect(button().disabled).toBe(false);
    // One call only: the disabled button ignored the tap during the countdown.
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    // A pay-password code is for the signed-in agent: the session goes with the public call.
    expect(url.searchParams.get('purpose')).toBe('payPwd');
    expect(url.searchParams.get('access_token')).toBe('token-1');
    expect(url.searchParams.get('lang')).toBe('en');
  });

  it('sends a forgotten-password code without a session and words the hint as a condition', async () => {
    signIn(0);
    const fetch = mockApi({ [api.jsp.sendSms.path]: { msg: Messages.smsSent, data: sent } });
    const target = { purpose: 'resetPwd', role: 0, account: 'agent01', phone: '85291234567' } as const;
    render(
      <QueryScope>
        <SmsCodeField id="code" value="" onChange={() => {}} target={() => target} unconfirmed />
      </QueryScope>,
    );
    fireEvent.click(button());
    await screen.findByText(/If the account and number match, a code went to 852\*\*\*\*4567/);
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('access_token')).toBeNull();
    expect(url.searchParams.get('account')).toBe('agent01');
  });

  it('starts no countdown when the server refuses, and sends nothing when the form is not ready', async () => {
    signIn(0);
    const fetch = mockApi({
      [api.jsp.sendSms.path]: { code: Code.tooMany, msg: Messages.smsTooFrequent },
    });
    const { rerender } = render(<Harness target={() => null} />);
    fireEvent.click(button());
    expect(fetch).not.toHaveBeenCalled();
    rerender(<Harness target={() => ({ purpose: 'bindPhone', phone: '85260001234' })} />);
    fireEvent.click(button());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(button().textContent).toBe('Get code');
  });

  it('keeps only digits in the code', () => {
    render(<Harness target={() => null} />);
    const input = screen.getByLabelText('Verification code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1a2 3' } });
    expect(input.value).toBe('123');
    expect(input.maxLength).toBe(4);
  });
});
