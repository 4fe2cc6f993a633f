import { api, Code, Limits, Messages } from '@ptt/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../test/api-mock.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { getLoginInfo } from '../lib/storage.ts';
import { ApiError, buildUrl, call } from './client.ts';
import { isOffline } from './network-state.ts';
import { setTransportHooks } from './transport-hooks.ts';

const toast = vi.fn();
const toLogin = vi.fn();

beforeEach(() => {
  setTransportHooks({ toast, toLogin });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  toast.mockReset();
  toLogin.mockReset();
  await changeLanguage('en');
});

const requested = (spy: ReturnType<typeof mockApi>, index = 0) => {
  const [input, init] = spy.mock.calls[index] ?? [];
  return { url: new URL(String(input), 'http://localhost'), init: init as RequestInit };
};

describe('building requests (SPEC §7)', () => {
  it('puts GET parameters in the query string', async () => {
    const spy = mockApi({ '/v1/auth/verifyImageCode': { data: null } });
    await call(api.auth.verifyImageCode, { token: 'abc', x: 120 });
    const { url, init } = requested(spy);
    expect(init.method).toBe('GET');
    expect(url.pathname).toBe('/v1/auth/verifyImageCode');
    expect(url.searchParams.get('token')).toBe('abc');
    expect(url.searchParams.get('x')).toBe('120');
    expect(init.body).toBeUndefined();
  });

  it('sends a POST payload form-encoded in the URL with an empty body', async () => {
    signIn(0);
    const spy = mockApi({ '/v1/notice/getFirstBulletin': { data: null } });
    await call(api.notice.getFirstBulletin, { agentId: 7, path: 'A001 B' });
    const { url, init } = requested(spy);
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect(url.search).toContain('path=A001+B');
    expect(url.searchParams.get('agentId')).toBe('7');
  });

  it('moves the parameters named in jsonBody into a JSON body and keeps the rest in the query', async () => {
    signIn(0);
    const spy = mockApi({ [api.terminal.batch.path]: { data: { created: [] } } });
    const ssids = ['359000000000001', '359000000000002'];
    await call(
      api.terminal.batch,
      { orgId: 3, userType: 0, prefix: 'Unit', mode: 'scan', ssids },
      {
        jsonBody: ['ssids'],
      },
    );
    const { url, init } = requested(spy);
    expect(init.method).toBe('POST');
    expect(url.searchParams.get('orgId')).toBe('3');
    expect(url.searchParams.get('prefix')).toBe('Unit');
    expect(url.searchParams.has('ssids')).toBe(false);
    expect(JSON.parse(String(init.body))).toEqual({ ssids });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('adds access_token and openid from the login info, and leaves out empty parameters', () => {
    signIn(1);
    const url = new URL(buildUrl(api.notice.newUnreadCount, { agentId: undefined }), 'http://localhost');
    expect(url.searchParams.get('access_token')).toBe('token-1');
    expect(url.searchParams.get('openid')).toBe('open-1');
    expect(url.searchParams.has('agentId')).toBe(false);
  });

  it('sends no token to public calls or when nobody is signed in', () => {
    expect(buildUrl(api.profile.faststats)).toBe('/v1/profile/faststats');
    signIn(0);
    expect(buildUrl(api.auth.getImg)).toBe('/v1/auth/getImg');
  });
});

describe('answers (SPEC §8)', () => {
  it('resolves the data of a 20001 answer', async () => {
    mockApi({ '/v1/sos/untreatedSOSCount': { data: 3 } });
    await expect(call(api.sos.untreatedSOSCount, {})).resolves.toBe(3);
    expect(toast).not.toHaveBeenCalled();
  });

  it('toasts another code in the active language and rejects with its code and msg', async () => {
    await changeLanguage('zh-Hant');
    mockApi({ '/v1/auth/getImg': { code: Code.loginFailed, msg: Messages.passwordError } });
    const error = await call(api.auth.getImg, {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: Code.loginFailed, msg: Messages.passwordError, message: '密碼錯誤' });
    expect(toast).toHaveBeenCalledWith('密碼錯誤');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('shows Simplified Chinese from msg.cn and replaces IMEI with SSID(IMEI)', async () => {
    await changeLanguage('zh-Hans');
    mockApi({
      '/v1/auth/getImg': { code: Code.rule, msg: { en: 'Bad IMEI', cn: 'IMEI错误', cn2: 'IMEI錯誤' } },
    });
    await expect(call(api.auth.getImg, {})).rejects.toThrow('SSID(IMEI)错误');
    expect(toast).toHaveBeenCalledWith('SSID(IMEI)错误');
  });

  it('does not toast when the caller shows the error itself', async () => {
    mockApi({ '/v1/auth/verifyImageCode': { code: Code.invalid, msg: Messages.puzzleError } });
    await expect(
      call(api.auth.verifyImageCode, { token: 't', x: 1 }, { toast: false }),
    ).rejects.toMatchObject({
      code: Code.invalid,
      handled: false,
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('clears the login info on 40102 and returns to the login page', async () => {
    signIn(0);
    mockApi({ '/v1/profile/agent': { code: Code.unauthorized, msg: Messages.sessionExpired } });
    await expect(call(api.profile.agent, {})).rejects.toMatchObject({ code: Code.unauthorized });
    expect(getLoginInfo()).toBeNull();
    expect(toLogin).toHaveBeenCalledTimes(1);
    // The login page says why it is back, once, however many calls find the session over.
    expect(toast).toHaveBeenCalledWith('Login expired, please log in again');
    await expect(call(api.profile.agent, {})).rejects.toMatchObject({ code: Code.unauthorized });
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it("shows 'Login timed out!' on 40402, clears the login info and returns to the login page", async () => {
    signIn(0);
    mockApi({ '/v1/profile/faststats': { code: Code.loginTimeoutStatus, msg: Messages.internalError } });
    await expect(call(api.profile.faststats, {})).rejects.toMatchObject({ code: Code.loginTimeoutStatus });
    expect(toast).toHaveBeenCalledWith('Login timed out!');
    expect(getLoginInfo()).toBeNull();
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it('stays on the page, offline, when a call gets no answer, and is online again with the next answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(call(api.profile.faststats, {})).rejects.toMatchObject({
      handled: true,
      msg: Messages.offline,
    });
    expect(isOffline()).toBe(true);
    expect(toast).not.toHaveBeenCalled();
    expect(toLogin).not.toHaveBeenCalled();
    mockApi({ '/v1/profile/faststats': { data: { a: 1 } } });
    await call(api.profile.faststats, {});
    expect(isOffline()).toBe(false);
  });

  it('keeps the sign-in when an answer is cut off while it is read, and stays on the page offline', async () => {
    signIn(0);
    const cut = new Response('{"code":20001,');
    vi.spyOn(cut, 'json').mockRejectedValue(new TypeError('network error'));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(cut));
    await expect(call(api.profile.faststats, {})).rejects.toMatchObject({
      handled: true,
      msg: Messages.offline,
    });
    expect(getLoginInfo()).not.toBeNull();
    expect(toast).not.toHaveBeenCalled();
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('keeps the sign-in for the next page when this one leaves with a call on its way', async () => {
    signIn(0);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockRejectedValue(new DOMException('The user aborted a request.', 'AbortError')),
    );
    window.dispatchEvent(new Event('pagehide'));
    try {
      await expect(call(api.profile.faststats, {})).rejects.toMatchObject({ handled: true });
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    expect(getLoginInfo()).not.toBeNull();
    expect(toast).not.toHaveBeenCalled();
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('treats an answer that is not an envelope as a transport failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(call(api.profile.faststats, {})).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('Server connection exception');
  });

  it('gives up after the 100 000 ms timeout', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi.fn(
      (_input: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const pending = call(api.profile.faststats, {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(Limits.requestTimeoutMs - 1);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('Server connection exception');
  });

  it('stays silent when the caller cancels', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = call(api.profile.faststats, {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(toast).not.toHaveBeenCalled();
    expect(toLogin).not.toHaveBeenCalled();
  });
});
