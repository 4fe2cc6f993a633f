import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, mockApi, signIn } from '../../../test/api-mock.ts';
import { agentInfo, allOn, stats } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { changeLanguage } from '../../i18n/i18n.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const party = (id: number, name: string) => ({ id, name });
const base = {
  cardType: null,
  quantity: null,
  fromAgent: null,
  toAgent: null,
  org: null,
  user: null,
  userCount: 0,
  days: null,
  content: '',
  read: true,
  created_at: '2026-01-01T08:00:00.000Z',
};
const users = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({
    name: `u${from + i + 1}`,
    account: String(860_000_000_000_000 + from + i),
  }));

/** One record of every notice type 1–8, as the server words them (SPEC §3). */
const notices = [
  {
    ...base,
    id: 1,
    type: 1,
    cardType: 0,
    quantity: 5,
    fromAgent: party(1, 'Top'),
    toAgent: party(2, 'Sub'),
    read: false,
  },
  { ...base, id: 2, type: 2, cardType: 7, quantity: 4, org: { orgName: 'Taxi' }, userCount: 4 },
  { ...base, id: 3, type: 3, content: 'Maintenance tonight' },
  { ...base, id: 4, type: 4, cardType: 1, quantity: 3, fromAgent: party(1, 'Top'), toAgent: party(2, 'Sub') },
  { ...base, id: 5, type: 5, cardType: 3, quantity: 2, fromAgent: party(1, 'Top'), toAgent: party(2, 'Sub') },
  { ...base, id: 6, type: 6, cardType: 0, quantity: 6 },
  { ...base, id: 7, type: 7, quantity: 2, userCount: 2 },
  {
    ...base,
    id: 8,
    type: 8,
    org: { orgName: 'Taxi' },
    fromAgent: party(2, 'Sub'),
    toAgent: party(3, 'Other'),
  },
];

const page = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });

describe('notices', { timeout: 15_000 }, () => {
  it('words each deal record by its type and marks the unread ones', async () => {
    signIn(0);
    mockApi({ [api.notice.getNotice.path]: page(notices) });
    renderRoute('/notice');
    await findPage('notice-page');
    const rows = await screen.findAllByTestId('notice-row');
    const text = rows.map((r) => r.textContent ?? '');
    expect(text[0]).toContain('Card sale');
    expect(text[0]).toContain('Unread');
    expect(text[0]).toContain('Top sold 5 Voice cards to Sub');
    expect(text[1]).toContain('4 users created for Taxi');
    expect(text[1]).toContain('See the 4 users ›');
    expect(text[1]).not.toContain('u1');
    expect(text[2]).toContain('Maintenance tonight');
    expect(text[3]).toContain('Top returned 3 Recording cards to Sub');
    expect(text[4]).toContain('Top took back 2 SOS cards from Sub');
    expect(text[5]).toContain('6 Voice cards refunded to your stock');
    expect(text[6]).toContain('2 users deleted');
    expect(text[6]).toContain('See the 2 users ›');
    expect(text[7]).toContain('Taxi moved from Sub to Other');
    expect(rows.filter((r) => r.textContent?.includes('Unread'))).toHaveLength(1);
  });

  it('says one user and one card in the singular', async () => {
    signIn(0);
    const single = [
      { ...base, id: 11, type: 7, quantity: 1, userCount: 1 },
      {
        ...base,
        id: 12,
        type: 1,
        cardType: 3,
        quantity: 1,
        fromAgent: party(1, 'Top'),
        toAgent: party(2, 'Sub'),
      },
    ];
    mockApi({ [api.notice.getNotice.path]: page(single) });
    renderRoute('/notice');
    await findPage('notice-page');
    const text = (await screen.findAllByTestId('notice-row')).map((r) => r.textContent ?? '');
    expect(text[0]).toContain('1 user deleted');
    expect(text[0]).not.toContain('users');
    expect(text[0]).toContain('See the user ›');
    expect(text[1]).toContain('Top sold 1 SOS card to Sub');
  });

  it('words the expiry reminder and the low-balance notice, with the balance as it is now', async () => {
    signIn(0);
    const reminders = [
      { ...base, id: 21, type: 9, cardType: 2, quantity: 3, days: 7, org: { orgName: 'Taxi' }, userCount: 3 },
      { ...base, id: 22, type: 9, cardType: 0, quantity: 1, days: 1, org: { orgName: 'Taxi' }, userCount: 1 },
      { ...base, id: 23, type: 10, cardType: 1, quantity: 50, days: null },
    ];
    mockApi({
      [api.notice.getNotice.path]: page(reminders),
      [api.agent.runway.path]: {
        data: {
          list: [{ cardType: 1, balance: 42, due30: 0, due90: 0, threshold: 50, short: false, low: true }],
        },
      },
    });
    renderRoute('/notice');
    await findPage('notice-page');
    const rows = await screen.findAllByTestId('notice-row');
    const text = rows.map((r) => r.textContent ?? '');
    expect(text[0]).toContain('Expiry reminder');
    // The 7-day step holds radios due in 2, 4 or 6 days: "within", never "in 7 days".
    expect(text[0]).toContain('Location of 3 users of Taxi expires within 7 days');
    expect(text[0]).toContain('Renew the 3 users in Expiring services ›');
    expect(text[1]).toContain('Voice of 1 user of Taxi expires within 1 day');
    expect(text[2]).toContain('Low balance');
    expect(text[2]).toContain('Recording balance fell under your threshold of 50 cards');
    expect(text[2]).toContain('Card runway ›');
    await waitFor(() =>
      expect(within(rows[2] as HTMLElement).getByTestId('notice-balance-now').textContent).toBe(
        'You have 42 cards now',
      ),
    );
  });

  it('says "within" in Chinese too', async () => {
    signIn(0);
    const reminder = {
      ...base,
      id: 21,
      type: 9,
      cardType: 0,
      quantity: 3,
      days: 7,
      org: { orgName: 'Taxi' },
    };
    mockApi({ [api.notice.getNotice.path]: page([{ ...reminder, userCount: 3 }]) });
    localStorage.setItem('lang', 'zh-Hant');
    await changeLanguage('zh-Hant');
    renderRoute('/notice');
    await findPage('notice-page');
    expect((await screen.findByTestId('notice-row')).textContent).toContain('將在7天內到期');
    await changeLanguage('zh-Hans');
    await waitFor(() => expect(screen.getByTestId('notice-row').textContent).toContain('将在7天内到期'));
    await changeLanguage('en');
    localStorage.removeItem('lang');
  });

  it('opens an expiry reminder on the radar with its radios, and a low balance on the card runway', async () => {
    signIn(0);
    const reminders = [
      { ...base, id: 21, type: 9, cardType: 2, quantity: 3, days: 7, org: { orgName: 'Taxi' }, userCount: 3 },
      { ...base, id: 23, type: 10, cardType: 1, quantity: 50, days: null },
    ];
    const fetch = mockApi({
      [api.notice.getNotice.path]: page(reminders),
      [api.notice.read.path]: { data: null },
      [api.agent.runway.path]: { data: { list: [] } },
      [api.agent.queryCardSwitch.path]: { data: allOn() },
      [api.terminal.expiring.path]: { data: { list: [], total: 3, page: 1, size: 20 } },
    });
    const view = renderRoute('/notice');
    await findPage('notice-page');
    fireEvent.click((await screen.findAllByTestId('notice-row'))[0] as HTMLElement);
    await findPage('expiring-page');
    expect(view.pathname()).toBe('/expiring');
    await waitFor(() => {
      const asked = callsOn(fetch, api.terminal.expiring.path).at(-1)?.searchParams;
      expect([asked?.get('notice'), asked?.get('within'), asked?.get('function')]).toEqual([
        '21',
        '7',
        'location',
      ]);
    });
    // Every radio of the reminder is chosen, ready to renew.
    await waitFor(() =>
      expect(screen.getByTestId('expiring-count').textContent).toBe('All 3 users in this window'),
    );
    expect(screen.getByTestId('expiring-notice').textContent).toContain(
      'From the reminder: 3 users still due',
    );
    expect(callsOn(fetch, api.notice.getNoticeUsers.path)).toHaveLength(0);

    view.navigate('/notice');
    await findPage('notice-page');
    fireEvent.click((await screen.findAllByTestId('notice-row'))[1] as HTMLElement);
    await waitFor(() => expect(view.pathname()).toBe('/cardThresholds'), { timeout: 5000 });
  });

  it('opens a company’s renewal request on the radar with its users chosen, in the window they were chosen in', async () => {
    signIn(0);
    const asked = { ...base, id: 31, type: 11, quantity: 2, days: 0, org: { orgName: 'Taxi' }, userCount: 2 };
    const fetch = mockApi({
      [api.notice.getNotice.path]: page([asked]),
      [api.notice.read.path]: { data: null },
      [api.agent.queryCardSwitch.path]: { data: allOn() },
      [api.terminal.expiring.path]: { data: { list: [], total: 2, page: 1, size: 20 } },
    });
    const view = renderRoute('/notice');
    await findPage('notice-page');
    const row = await screen.findByTestId('notice-row');
    expect(row.textContent).toContain('Renewal request');
    expect(row.textContent).toContain('Taxi asks you to renew 2 users');
    expect(row.textContent).toContain('Renew the 2 users in Expiring services');
    fireEvent.click(row);
    await findPage('expiring-page');
    expect(view.pathname()).toBe('/expiring');
    await waitFor(() => {
      const sent = callsOn(fetch, api.terminal.expiring.path).at(-1)?.searchParams;
      expect([sent?.get('notice'), sent?.get('within'), sent?.get('function')]).toEqual([
        '31',
        'expired',
        'all',
      ]);
    });
    await waitFor(() =>
      expect(screen.getByTestId('expiring-count').textContent).toBe('All 2 users in this window'),
    );
    expect(screen.getByTestId('expiring-notice').textContent).toContain(
      'Asked by the company: 2 users still due',
    );
  });

  it('opens one notice: it alone is marked read, and its record opens', async () => {
    signIn(0);
    const fetch = mockApi({
      [api.notice.getNotice.path]: page(notices),
      [api.notice.read.path]: { data: null },
      [api.agent.getSalesPurchaseRecord.path]: { data: { list: [], total: 0, page: 1, size: 20 } },
    });
    const view = renderRoute('/notice');
    await findPage('notice-page');
    const [sale] = await screen.findAllByTestId('notice-row');
    fireEvent.click(sale as HTMLElement);
    // The sales record's page is a lazy chunk: on a busy machine it takes more than waitFor's second.
    await waitFor(() => expect(view.pathname()).toBe('/salesRecord'), { timeout: 5000 });
    const reads = fetch.mock.calls.filter(([u]) => String(u).includes(api.notice.read.path));
    expect(reads).toHaveLength(1);
    expect(String(reads[0]?.[0])).toContain('id=1');
    expect(fetch.mock.calls.some(([u]) => String(u).includes(api.notice.readall.path))).toBe(false);
  });

  it('opens a notice naming users on its detail, which pages through them', async () => {
    signIn(0);
    // jsdom lays nothing out: with no offsetParent the infinite scroll would never see its end come into view.
    const offsetParent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.parentElement;
    });
    const created = { ...notices[1], userCount: 25, quantity: 25, read: false };
    const fetch = mockApi({
      [api.notice.getNotice.path]: page([created]),
      [api.notice.read.path]: { data: null },
      [api.notice.getNoticeUsers.path]: (url) => {
        const n = Number(url.searchParams.get('page'));
        const list = n === 1 ? users(0, 20) : users(20, 25);
        return { data: { list, total: 25, page: n, size: 20 } };
      },
    });
    const view = renderRoute('/notice');
    await findPage('notice-page');
    fireEvent.click((await screen.findAllByTestId('notice-row'))[0] as HTMLElement);
    await waitFor(() => expect(view.pathname()).toBe('/noticeUsers'));
    await findPage('notice-users');
    expect(screen.getByTestId('notice-detail').textContent).toContain('25 users created for Taxi');
    // The first page, then the next as the list reaches its end: every user once, in the notice's order.
    await waitFor(() => expect(screen.getAllByTestId('notice-user')).toHaveLength(25));
    const rows = screen.getAllByTestId('notice-user').map((r) => r.textContent);
    expect(rows[0]).toBe('u1860000000000000');
    expect(rows[24]).toBe('u25860000000000024');
    const asked = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname === api.notice.getNoticeUsers.path);
    expect(asked.map((u) => [u.searchParams.get('id'), u.searchParams.get('page')])).toEqual([
      ['2', '1'],
      ['2', '2'],
    ]);
    expect(fetch.mock.calls.some(([u]) => String(u).includes(`${api.notice.read.path}?`))).toBe(true);
    offsetParent.mockRestore();
  });

  it('lists a notice’s users from its address alone, and says when it names none', async () => {
    signIn(0);
    mockApi({ [api.notice.getNoticeUsers.path]: { data: { list: [], total: 0, page: 1, size: 20 } } });
    renderRoute('/noticeUsers?id=5');
    await findPage('notice-users');
    expect(await screen.findByText('This notice names no users.')).toBeTruthy();
    expect(screen.queryByTestId('notice-detail')).toBeNull();
  });

  it('shows a blank notice as the platform’s content alone; opening it marks it read and stays', async () => {
    signIn(0);
    const blank = { ...base, id: 21, type: 3, content: 'Cards ship Monday.\nCall us.', read: false };
    const fetch = mockApi({
      [api.notice.getNotice.path]: page([blank, { ...base, id: 22, type: 3 }]),
      [api.notice.read.path]: { data: null },
    });
    const view = renderRoute('/notice');
    await findPage('notice-page');
    const [row, empty] = await screen.findAllByTestId('notice-row');
    expect(row?.textContent).toContain('Platform notice');
    const text = row?.querySelector('.notice__text--blank');
    expect(text?.textContent).toBe('Cards ship Monday.\nCall us.');
    expect(empty?.querySelector('.notice__text')?.textContent).toBe('Notice');
    fireEvent.click(row as HTMLElement);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => String(u).includes(`${api.notice.read.path}?`))).toBe(true),
    );
    expect(view.pathname()).toBe('/notice');
  });

  it('clears the home badge after read-all', async () => {
    signIn(0);
    let unread = 3;
    const fetch = mockApi({
      [api.profile.agent.path]: { data: agentInfo() },
      [api.agent.queryCardSwitch.path]: { data: allOn() },
      [api.profile.faststats.path]: { data: stats },
      [api.notice.getFirstBulletin.path]: { data: null },
      [api.notice.newUnreadCount.path]: () => ({ data: unread }),
      [api.notice.getNotice.path]: () => page([{ ...notices[0], read: unread === 0 }]),
      [api.notice.readall.path]: () => {
        unread = 0;
        return { data: 3 };
      },
    });
    const view = renderRoute('/home');
    await findPage('home-agent');
    await waitFor(() => expect(within(screen.getByTestId('tab-notice')).getByText('3 unread')).toBeTruthy());
    fireEvent.click(screen.getByTestId('tab-notice'));
    await findPage('notice-page');
    expect(await screen.findByText('Unread')).toBeTruthy();
    fireEvent.click(screen.getByTestId('read-all'));
    await waitFor(() => expect(screen.queryByText('Unread')).toBeNull());
    expect(fetch.mock.calls.some(([url]) => String(url).includes(api.notice.readall.path))).toBe(true);
    await view.navigate(-1);
    await findPage('home-agent');
    await waitFor(() => expect(within(screen.getByTestId('tab-notice')).queryByText('3 unread')).toBeNull());
  });

  it('lists system bulletins and opens one by its noticeDetail', async () => {
    signIn(0);
    const bulletin = {
      id: 9,
      title: 'Welcome',
      content: 'Hello agents',
      created_at: '2026-01-01T08:00:00.000Z',
    };
    const fetch = mockApi({ [api.notice.getBulletin.path]: page([bulletin]) });
    renderRoute('/system_notice');
    await findPage('system-notice');
    fireEvent.click(await screen.findByText('Welcome'));
    expect(await screen.findByText('Hello agents')).toBeTruthy();
    expect(screen.getByTestId('bulletin-detail')).toBeTruthy();
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('noticeDetail=9'))).toBe(true),
    );
  });
});
