import { api } from '@ptt/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOn, mockApi, signIn } from '../../../test/api-mock.ts';
import { orgInfo } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { changeLanguage } from '../../i18n/i18n.ts';

const vapidKey = 'BH51olpTHrA3Bq7bPinNjAlkcNHiik_1q53lSeNPev9IldhZqJ2pzuOUhfZz_sHuSYr95JwFZrzZ9GsmeOSSYMk';
const endpoint = 'https://push.example.com/phone-1';
const keys = { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) };

/** A browser with a service worker and a push manager, whose subscription the test can watch. */
function pushBrowser(permission: NotificationPermission = 'granted', subscribed = false) {
  const subscription = {
    endpoint,
    toJSON: () => ({ endpoint, keys }),
    unsubscribe: vi.fn().mockResolvedValue(true),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  subscription.unsubscribe.mockImplementation(async () => {
    current = null;
    return true;
  });
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration), ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    permission: subscribed ? 'granted' : 'default',
    requestPermission: vi.fn(async () => permission),
  });
  return { pushManager, subscription };
}

const mockServer = (key: string | null) =>
  mockApi({
    [api.profile.org.path]: { data: orgInfo },
    [api.push.key.path]: { data: key },
    [api.push.subscribe.path]: {},
    [api.push.unsubscribe.path]: {},
  });

const openMain = async () => {
  renderRoute('/main');
  await findPage('main-page');
};

beforeEach(() => signIn(1));
afterEach(async () => {
  await changeLanguage('en');
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the alarm notifications switch on /main', () => {
  it('is not shown where the browser cannot receive pushes', async () => {
    const fetch = mockServer(vapidKey);
    await openMain();
    await screen.findByText('Company');
    expect(screen.queryByTestId('alarm-push')).toBeNull();
    expect(callsOn(fetch, api.push.key.path)).toHaveLength(0);
  });

  it('is not shown when the server sends no pushes', async () => {
    pushBrowser();
    const fetch = mockServer(null);
    await openMain();
    await waitFor(() => expect(callsOn(fetch, api.push.key.path)).toHaveLength(1));
    await screen.findByText('Company');
    expect(screen.queryByTestId('alarm-push')).toBeNull();
  });

  it("asks permission, subscribes with the server's key and hands the subscription to the server", async () => {
    const { pushManager } = pushBrowser('granted');
    const fetch = mockServer(vapidKey);
    await openMain();
    const row = await screen.findByTestId('alarm-push');
    expect(row.textContent).toContain('Alarm notifications on this phone');
    const toggle = screen.getByRole('switch');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(Notification.requestPermission).toHaveBeenCalled();
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    const [sent] = callsOn(fetch, api.push.subscribe.path);
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ endpoint, ...keys, lang: 'en' });
  });

  it('turns off on both sides', async () => {
    const { subscription } = pushBrowser('granted', true);
    const fetch = mockServer(vapidKey);
    await openMain();
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(callsOn(fetch, api.push.unsubscribe.path)[0].searchParams.get('endpoint')).toBe(endpoint);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('stays off and subscribes nothing when notifications are refused', async () => {
    const { pushManager } = pushBrowser('denied');
    const fetch = mockServer(vapidKey);
    await openMain();
    const toggle = await screen.findByRole('switch');
    fireEvent.click(toggle);
    await waitFor(() => expect(Notification.requestPermission).toHaveBeenCalled());
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(callsOn(fetch, api.push.subscribe.path)).toHaveLength(0);
  });

  it('tells the server when the language changes, so alarms come in the new one', async () => {
    pushBrowser('granted', true);
    const fetch = mockServer(vapidKey);
    await openMain();
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(callsOn(fetch, api.push.subscribe.path)).toHaveLength(0);
    await act(() => changeLanguage('zh-Hant'));
    await waitFor(() => expect(callsOn(fetch, api.push.subscribe.path)).toHaveLength(1));
    expect(callsOn(fetch, api.push.subscribe.path)[0].searchParams.get('lang')).toBe('cn2');
  });

  it('forgets the subscription on this phone at logout, as the server does', async () => {
    const { subscription } = pushBrowser('granted', true);
    mockApi({
      [api.profile.org.path]: { data: orgInfo },
      [api.push.key.path]: { data: vapidKey },
      [api.auth.logout.path]: {},
    });
    await openMain();
    fireEvent.click(await screen.findByTestId('logout'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 });
    fireEvent.click(
      Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Log out') as Element,
    );
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalled());
  }, 20_000);
});
