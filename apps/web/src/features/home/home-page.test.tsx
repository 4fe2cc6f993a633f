import { api } from '@ptt/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockReply, mockApi, signIn } from '../../../test/api-mock.ts';
import { agentHomeReplies, orgInfo, stats } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';

const agentReplies = (path: string, extra: Record<string, MockReply> = {}) => ({
  ...agentHomeReplies(path),
  [api.notice.newUnreadCount.path]: { data: 4 },
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('agent home', () => {
  it('shows a top-level agent the agent tile and row, counts, balances and the unread badge', async () => {
    signIn(0);
    mockApi(agentReplies('A001'));
    renderRoute('/home');
    await findPage('home-agent');
    expect(await screen.findByTestId('tile-agent-add')).toBeTruthy();
    expect(screen.getByTestId('tile-org-add').getAttribute('href')).toBe('/orgAdd');
    await waitFor(() => expect(screen.getByTestId('count-agent').textContent).toContain('2'));
    expect(screen.getByTestId('count-user').textContent).toContain('5');
    expect(screen.getByTestId('card-strip').dataset.mode).toBe('swipe');
    expect(screen.getByTestId('home-profile').textContent).toContain('Contact: Alice');
    expect(screen.getByTestId('home-profile').getAttribute('href')).toBe('/main');
    const tab = screen.getByTestId('tab-notice');
    await waitFor(() => expect(within(tab).getByText('4 unread')).toBeTruthy());
    expect(screen.getByTestId('tab-sales').getAttribute('href')).toBe('/salesAdd');
    expect(screen.getByPlaceholderText('Search agent, company, group, user')).toBeTruthy();
  });

  it('counts the terminals due within 30 days on the Expiring row and marks a short card', async () => {
    signIn(0);
    mockApi(
      agentReplies('A001', {
        [api.terminal.expiringCounts.path]: { data: { '7': 1, '30': 12, '90': 40, expired: 3 } },
        [api.agent.runway.path]: {
          data: {
            list: [
              { cardType: 0, balance: 100, due30: 140, due90: 200, threshold: 0, short: true, low: false },
              { cardType: 1, balance: 20, due30: 0, due90: 0, threshold: 50, short: false, low: true },
              { cardType: 2, balance: 30, due30: 1, due90: 2, threshold: 0, short: false, low: false },
            ],
          },
        },
      }),
    );
    renderRoute('/home');
    await findPage('home-agent');
    const row = await screen.findByTestId('row-expiring');
    expect(row.getAttribute('href')).toBe('/expiring');
    await waitFor(() => expect(within(row).getByTestId('expiring-badge').textContent).toContain('12'));
    expect(within(row).getByText('12 users with a service due within 30 days')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('card-voice-mark').textContent).toContain('Short'));
    expect(screen.getByTestId('card-recording-mark').textContent).toContain('Low');
    expect(screen.queryByTestId('card-location-mark')).toBeNull();
    expect(screen.getByTestId('to-thresholds').getAttribute('href')).toBe('/cardThresholds');
  });

  it('hides the agent tile and row from a sub-agent and offers the card record', async () => {
    signIn(0);
    mockApi(agentReplies('A001B002'));
    renderRoute('/home');
    await findPage('tile-org-add');
    expect(screen.queryByTestId('tile-agent-add')).toBeNull();
    expect(screen.queryByTestId('count-agent')).toBeNull();
    expect(screen.getByTestId('count-org')).toBeTruthy();
    expect(screen.queryByTestId('tab-sales')).toBeNull();
    expect(screen.getByTestId('tab-sales-record').getAttribute('href')).toBe('/salesRecord');
    expect(screen.getByPlaceholderText('Search company, group, user')).toBeTruthy();
  });

  it('opens the first-time bulletin by itself once, then offers it as a bar until it is read', async () => {
    signIn(0);
    const bulletin = { id: 9, title: 'Maintenance', content: 'Tonight', created_at: '2026-01-01' };
    mockApi(
      agentReplies('A001', {
        [api.notice.getFirstBulletin.path]: { data: bulletin },
        [api.notice.getBulletin.path]: { data: { list: [bulletin], total: 1, page: 1, size: 20 } },
      }),
    );
    const view = renderRoute('/home');
    await waitFor(() => expect(view.pathname()).toBe('/system_notice'));
    expect(view.search()).toBe('?noticeDetail=9');
    // Back home, it does not open again by itself; the bar stays while the server still offers it.
    await view.navigate('/home');
    const open = await screen.findByRole('button', { name: 'Open system bulletin: Maintenance' });
    expect(view.pathname()).toBe('/home');
    open.click();
    await waitFor(() => expect(view.pathname()).toBe('/system_notice'));
    expect(view.search()).toBe('?noticeDetail=9');
  });
});

describe('company home', () => {
  it('shows the company, its rows and the unprocessed SOS badge, without a tab bar', async () => {
    signIn(1);
    mockApi({
      [api.profile.org.path]: { data: orgInfo },
      [api.profile.faststats.path]: { data: stats },
      [api.sos.untreatedSOSCount.path]: { data: 1 },
      [api.terminal.expiringCounts.path]: { data: { '7': 0, '30': 2, '90': 2, expired: 0 } },
    });
    renderRoute('/home');
    await findPage('home-org');
    expect((await screen.findByTestId('expiring-badge')).textContent).toContain('2');
    expect(screen.getByTestId('row-expiring').getAttribute('href')).toBe('/expiring');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Management platform');
    // The account card is there from the first render, as a skeleton until the company's answer.
    await waitFor(() => expect(screen.getByTestId('home-profile').textContent).toContain('company01'));
    expect((await screen.findByTestId('sos-badge')).textContent).toContain('1');
    expect(screen.getByTestId('row-sos').getAttribute('href')).toBe('/sosrdingList');
    expect(screen.getByTestId('tile-group-add')).toBeTruthy();
    expect(screen.queryByTestId('tile-org-add')).toBeNull();
    expect(screen.queryByTestId('count-agent')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('polls the SOS count every 3 s and stops when the screen is left', async () => {
    signIn(1);
    let sosCalls = 0;
    mockApi({
      [api.profile.org.path]: { data: orgInfo },
      [api.profile.faststats.path]: { data: stats },
      [api.sos.untreatedSOSCount.path]: () => {
        sosCalls += 1;
        return { data: sosCalls };
      },
    });
    const view = renderRoute('/home');
    await findPage('home-org');
    await waitFor(() => expect(sosCalls).toBe(1));
    await waitFor(() => expect(sosCalls).toBe(2), { timeout: 4000 });
    await view.navigate('/about');
    await findPage('about-page');
    const after = sosCalls;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(sosCalls).toBe(after);
  }, 12_000);
});
