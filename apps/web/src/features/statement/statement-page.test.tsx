import { api, Code, Messages } from '@ptt/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn, watchDownloads } from '../../../test/api-mock.ts';
import { allOn } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { getLoginInfo } from '../../lib/storage.ts';
import { recentMonths } from './months.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const zeros = {
  granted: 0,
  bought: 0,
  sold: 0,
  recycledIn: 0,
  recycledOut: 0,
  restoredIn: 0,
  restoredOut: 0,
  consumed: 0,
  refunded: 0,
};

const rows = [
  {
    id: 3,
    kind: 'consume',
    direction: 'out',
    cardType: 0,
    quantity: 2,
    before: 15,
    after: 13,
    counterpart: { type: 'org', id: 4, name: 'Taxi Co' },
    operator: { role: 0, id: 1, name: 'Top Agent' },
    users: [
      { id: 41, ssid: '861000000000041', name: 'Cab 1' },
      { id: 42, ssid: '861000000000042', name: 'Cab 2' },
    ],
    created_at: '2026-03-03T10:00:00.000Z',
  },
  {
    id: 2,
    kind: 'sale',
    direction: 'out',
    cardType: 0,
    quantity: 5,
    before: 20,
    after: 15,
    counterpart: { type: 'agent', id: 2, name: 'Sub Agent' },
    operator: { role: 0, id: 1, name: 'Top Agent' },
    users: null,
    created_at: '2026-03-02T10:00:00.000Z',
  },
  {
    id: 1,
    kind: 'grant',
    direction: 'in',
    cardType: 0,
    quantity: 20,
    before: 0,
    after: 20,
    counterpart: null,
    operator: null,
    users: null,
    created_at: '2026-03-01T10:00:00.000Z',
  },
];

const open = async (replies: Parameters<typeof mockApi>[0] = {}, path = '/statement') => {
  signIn(0);
  const thisMonth = recentMonths(1)[0];
  const fetch = mockApi({
    [api.agent.statementExport.path]: { file: 'a,b\r\n' },
    [api.agent.statementMonthsExport.path]: { file: 'a,b\r\n' },
    [api.agent.queryCardSwitch.path]: { data: allOn({ path: 'A001', video_card: 0, super_card: 0 }) },
    [api.agent.statement.path]: { data: { list: rows, total: 3, page: 1, size: 20 } },
    [api.agent.statementMonths.path]: (url) => ({
      data: {
        list: [
          {
            ...zeros,
            month: url.searchParams.get('from') ?? thisMonth,
            cardType: 0,
            opening: 0,
            granted: 20,
            sold: 5,
            consumed: 2,
            closing: 13,
          },
        ],
      },
    }),
    ...replies,
  });
  renderRoute(path);
  await findPage('statement');
  return fetch;
};

const callsTo = (fetch: ReturnType<typeof mockApi>, path: string) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === path);

describe('statement', { timeout: 15_000 }, () => {
  it('opens the month its address names, older than the tabs reach too (a report row links there)', async () => {
    const fetch = await open({}, '/statement?month=2024-02');
    const tab = await screen.findByTestId('statement-month-2024-02');
    expect(tab.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => {
      const asked = callsTo(fetch, api.agent.statement.path).map((u) => u.searchParams.get('from'));
      expect(asked).toContain('2024-02-01');
    });
    expect(callsTo(fetch, api.agent.statement.path)[0]?.searchParams.get('to')).toBe('2024-02-29');
  });

  it('shows the month summary and each movement with its balance before and after', async () => {
    const fetch = await open();
    const summary = await screen.findByTestId('statement-summary-type');
    expect(summary.textContent).toContain('Voice');
    expect(summary.textContent).toContain('Opening 0 → Closing 13');
    expect(summary.textContent).toContain('Granted+20');
    expect(summary.textContent).toContain('Sold−5');
    expect(summary.textContent).toContain('Used for users−2');
    expect(summary.textContent).not.toContain('Bought');
    const [used, sale, grant] = await within(await screen.findByTestId('statement-list')).findAllByTestId(
      'statement-row',
    );
    expect(used?.textContent).toContain('Used for users · Voice');
    expect(used?.textContent).toContain('Taxi Co');
    expect(used?.textContent).toContain('−2');
    expect(used?.textContent).toContain('15 → 13');
    expect(used?.textContent).toContain('By Top Agent');
    expect(sale?.textContent).toContain('Sub Agent');
    expect(grant?.textContent).toContain('Platform');
    expect(grant?.textContent).toContain('+20');
    expect(grant?.textContent).toContain('0 → 20');
    // The movements are this month's days, in the device's zone.
    const [first] = callsTo(fetch, api.agent.statement.path);
    const month = recentMonths(1)[0];
    expect(first?.searchParams.get('from')).toBe(`${month}-01`);
    expect(first?.searchParams.get('to')?.startsWith(month)).toBe(true);
    expect(first?.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('names the users a movement used cards for, opens them all, and says when they were not recorded', async () => {
    const renewal = {
      ...rows[0],
      id: 9,
      cardType: 2,
      quantity: 5,
      users: [
        { id: 51, ssid: '861000000000051', name: 'Van 1' },
        { id: 52, ssid: '861000000000052', name: 'Van 2' },
        { id: 53, ssid: '861000000000053', name: 'Van 3' },
      ],
    };
    const older = { ...rows[0], id: 8, users: [] };
    const listed = renewal.users.concat([
      { id: 54, ssid: '861000000000054', name: 'Van 4' },
      { id: 55, ssid: '861000000000055', name: 'Van 5' },
    ]);
    const fetch = await open({
      [api.agent.statement.path]: { data: { list: [renewal, older, rows[1]], total: 3, page: 1, size: 20 } },
      [api.agent.statementUsers.path]: { data: { list: listed, total: 5, page: 1, size: 20 } },
    });
    const [used, old, sale] = await within(await screen.findByTestId('statement-list')).findAllByTestId(
      'statement-row',
    );
    expect(within(used as HTMLElement).getByTestId('statement-users').textContent).toBe(
      'For Van 1, Van 2, Van 3 and 2 more',
    );
    expect(within(old as HTMLElement).getByTestId('statement-users').textContent).toBe(
      'Which users these cards were used for was not recorded.',
    );
    expect(old?.tagName).toBe('DIV');
    expect(within(sale as HTMLElement).queryByTestId('statement-users')).toBeNull();
    fireEvent.click(used as HTMLElement);
    await findPage('statement-users-page');
    expect((await screen.findByTestId('statement-users-movement')).textContent).toContain('Taxi Co');
    const users = await within(await screen.findByTestId('statement-user-list')).findAllByTestId(
      'statement-user',
    );
    expect(users.map((u) => u.textContent)).toEqual(listed.map((u) => `${u.name}${u.ssid}`));
    expect(users[3]?.getAttribute('href')).toBe('/userDetail?id=54');
    expect(callsTo(fetch, api.agent.statementUsers.path)[0]?.searchParams.get('id')).toBe('9');
  });

  it('filters by month and card type, only the types switched on', async () => {
    const fetch = await open();
    await screen.findByTestId('statement-card-sos');
    expect(screen.queryByTestId('statement-card-video')).toBeNull();
    fireEvent.click(screen.getByTestId('statement-card-sos'));
    await waitFor(() =>
      expect(
        callsTo(fetch, api.agent.statement.path).some((u) => u.searchParams.get('cardType') === '3'),
      ).toBe(true),
    );
    const previous = recentMonths(2)[1];
    fireEvent.click(screen.getByTestId(`statement-month-${previous}`));
    await waitFor(() => {
      const months = callsTo(fetch, api.agent.statementMonths.path);
      expect(
        months.some((u) => u.searchParams.get('from') === previous && u.searchParams.get('cardType') === '3'),
      ).toBe(true);
    });
    expect(
      callsTo(fetch, api.agent.statement.path).some((u) => u.searchParams.get('from') === `${previous}-01`),
    ).toBe(true);
  });

  it('lists and exports the movements between any two days', async () => {
    const fetch = await open();
    const saved = watchDownloads();
    fireEvent.click(await screen.findByTestId('statement-month-range'));
    // Until both days are chosen the page asks for them, and neither a summary nor a file is offered.
    expect((await screen.findByTestId('statement-range-hint')).textContent).toBe(
      'Choose the first and the last day.',
    );
    expect(screen.queryByTestId('statement-summary-type')).toBeNull();
    expect(screen.queryByTestId('statement-export-csv')).toBeNull();
    fireEvent.click(screen.getByTestId('statement-range-last-30'));
    const list = await screen.findByTestId('statement-list');
    expect(await within(list).findAllByTestId('statement-row')).toHaveLength(3);
    const asked = callsTo(fetch, api.agent.statement.path).at(-1);
    const from = asked?.searchParams.get('from') as string;
    const to = asked?.searchParams.get('to') as string;
    expect(from < to).toBe(true);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
    fireEvent.click(screen.getByTestId('statement-export-csv'));
    await waitFor(() => expect(saved).toEqual([`statement-${from}-${to}.csv`]));
    expect(callsTo(fetch, api.agent.statementExport.path)[0]?.searchParams.get('to')).toBe(to);
  });

  it('downloads the movements and the months as CSV or XLSX with the filter on screen and the login info', async () => {
    const fetch = await open();
    const saved = watchDownloads();
    fireEvent.click(await screen.findByTestId('statement-card-location'));
    const previous = recentMonths(2)[1];
    fireEvent.click(screen.getByTestId(`statement-month-${previous}`));
    fireEvent.click(screen.getByTestId('statement-export-xlsx'));
    await waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.click(screen.getByTestId('statement-months-export-csv'));
    await waitFor(() => expect(saved).toHaveLength(2));
    // Named by the device's month the file holds, not by the day the server sends it.
    expect(saved).toEqual([
      `statement-${previous}.xlsx`,
      `statement-months-${recentMonths(12)[11]}-${recentMonths(1)[0]}.csv`,
    ]);
    const [movements] = callsTo(fetch, api.agent.statementExport.path);
    const [months] = callsTo(fetch, api.agent.statementMonthsExport.path);
    const month = recentMonths(1)[0];
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(Object.fromEntries(movements?.searchParams ?? [])).toMatchObject({
      format: 'xlsx',
      lang: 'en',
      cardType: '2',
      from: `${previous}-01`,
      timeZone: zone,
      access_token: 'token-1',
      openid: 'open-1',
    });
    expect(Object.fromEntries(months?.searchParams ?? [])).toMatchObject({
      format: 'csv',
      cardType: '2',
      from: recentMonths(12)[11],
      to: month,
    });
  });

  it('saves no file when the session is over: it says so and leaves for the login page', async () => {
    await open({
      [api.agent.statementExport.path]: { code: Code.loginTimeoutStatus, msg: Messages.loginTimeout },
    });
    const saved = watchDownloads();
    fireEvent.click(await screen.findByTestId('statement-export-csv'));
    expect(await screen.findByText(Messages.loginTimeout.en)).toBeTruthy();
    await waitFor(() => expect(getLoginInfo()).toBeNull());
    expect(saved).toEqual([]);
  });

  it('says so when a month has nothing', async () => {
    signIn(0);
    mockApi({
      [api.agent.queryCardSwitch.path]: { data: allOn({ path: 'A001' }) },
      [api.agent.statement.path]: { data: { list: [], total: 0, page: 1, size: 20 } },
      [api.agent.statementMonths.path]: { data: { list: [] } },
    });
    renderRoute('/statement');
    await findPage('statement');
    expect(await screen.findByText('No balance and no movement in this month.')).toBeTruthy();
    expect(await screen.findByText('No card movements in this month.')).toBeTruthy();
  });
});
