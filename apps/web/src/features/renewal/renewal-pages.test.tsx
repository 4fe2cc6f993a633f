import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { allOn } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const terminal = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  ssid: `86123456789000${id}`,
  name: `Radio${id}`,
  org_id: 3,
  org_name: 'Taxi Co',
  user_type: 0,
  due: [{ function: 'voice', expires: '2026-12-09' }],
  last_seen_at: '2026-11-20T08:00:00.000Z',
  last_position_at: null,
  silent: false,
  ...overrides,
});
const rows = [
  terminal(1, { silent: true, last_seen_at: null }),
  terminal(2, {
    due: [
      { function: 'location', expires: '2026-12-01' },
      { function: 'voice', expires: '2026-12-09' },
    ],
  }),
  terminal(3),
];
const pageOf = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });
const calls = (spy: ReturnType<typeof mockApi>, path: string) =>
  spy.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === path);

const preview = (costs: unknown[], extra: Record<string, unknown> = {}) => ({
  data: { terminals: 2, silent: 0, costs, total: 0, breakdown: [], ...extra },
});
const cost = (cardType: number, fn: string, cards: number, balance: number, permanent = 0) => ({
  cardType,
  function: fn,
  cards,
  balance,
  permanent,
});

/** The radar of agent01 with the rows above, and the given renewal answers. */
const agentRadar = (replies: Parameters<typeof mockApi>[0] = {}) => {
  signIn(0);
  return mockApi({
    [api.terminal.expiring.path]: pageOf(rows),
    [api.agent.queryCardSwitch.path]: { data: allOn({ video_card: 0 }) },
    ...replies,
  });
};

const openSheet = async (ssids: string[]) => {
  fireEvent.click(await screen.findByTestId('expiring-select'));
  for (const ssid of ssids) {
    const row = await screen.findByTestId(`expiring-${ssid}`);
    fireEvent.click(within(row).getByRole('checkbox'));
  }
  fireEvent.click(screen.getByTestId('expiring-renew'));
  return screen.findByTestId('renew-sheet', {}, { timeout: 5000 });
};

describe('the expiry radar', { timeout: 20_000 }, () => {
  it('lists the due functions, last contact and silent terminals, by window and function', async () => {
    const spy = agentRadar();
    renderRoute('/expiring');
    await findPage('expiring-page');
    const first = await screen.findByTestId('expiring-861234567890001');
    expect(within(first).getByTestId('silent-tag').textContent).toBe('Silent');
    // Dates as the rest of the app writes them; "Silent" said in words, not only in a hover title.
    expect(first.textContent).toContain('Voice: Dec 9, 2026');
    expect(within(first).getByTestId('silent-hint').textContent).toBe('Not heard from for more than 7 days');
    expect(first.textContent).toContain('Never heard from');
    expect(first.textContent).toContain('No position');
    const second = screen.getByTestId('expiring-861234567890002');
    expect(within(second).getByTestId('due-location').textContent).toBe('Location: Dec 1, 2026');
    expect(within(second).queryByTestId('silent-tag')).toBeNull();
    expect(within(second).queryByTestId('silent-hint')).toBeNull();
    // The 30-day window first; each tab and chip asks again with its filter.
    expect(screen.getByTestId('window-30').getAttribute('aria-selected')).toBe('true');
    expect(calls(spy, api.terminal.expiring.path)[0]?.searchParams.get('within')).toBe('30');
    fireEvent.click(screen.getByTestId('window-7'));
    fireEvent.click(screen.getByTestId('fn-location'));
    await waitFor(() => {
      const last = calls(spy, api.terminal.expiring.path).at(-1);
      expect(last?.searchParams.get('within')).toBe('7');
      expect(last?.searchParams.get('function')).toBe('location');
    });
    // Only the functions the agent's card types allow are offered.
    await waitFor(() => expect(screen.queryByTestId('fn-video')).toBeNull());
    expect(screen.getByTestId('fn-duplex')).toBeTruthy();
  });

  it('asks for the soonest expiry first, and offers the latest first', async () => {
    const spy = agentRadar();
    renderRoute('/expiring');
    await findPage('expiring-page');
    await screen.findByTestId('expiring-861234567890001');
    expect(calls(spy, api.terminal.expiring.path).every((u) => u.searchParams.get('order') === 'asc')).toBe(
      true,
    );
    expect(screen.getByTestId('order-asc').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('order-desc'));
    await waitFor(() =>
      expect(calls(spy, api.terminal.expiring.path).at(-1)?.searchParams.get('order')).toBe('desc'),
    );
    expect(screen.getByTestId('order-desc').getAttribute('aria-pressed')).toBe('true');
  });

  it('starts on the company a company page opened it with', async () => {
    const spy = agentRadar();
    renderRoute('/expiring?orgId=3&orgName=Taxi%20Co');
    await findPage('expiring-page');
    await screen.findByTestId('expiring-861234567890001');
    expect(calls(spy, api.terminal.expiring.path)[0]?.searchParams.get('orgId')).toBe('3');
    expect(screen.getByTestId('expiring-org-button').textContent).toContain('Taxi Co');
  });

  it('lets a company renew nothing itself: it chooses users and asks its agent', async () => {
    signIn(1);
    const spy = mockApi({
      [api.terminal.expiring.path]: pageOf(rows),
      [api.terminal.askRenewal.path]: { data: { asked: 2 } },
    });
    renderRoute('/expiring');
    await findPage('expiring-page');
    await screen.findByTestId('expiring-861234567890001');
    expect(screen.queryByTestId('expiring-org-button')).toBeNull();
    expect(screen.getByText('Your agent renews these services.')).toBeTruthy();
    expect(screen.getByTestId('fn-video')).toBeTruthy();
    fireEvent.click(screen.getByTestId('window-90'));
    fireEvent.click(screen.getByTestId('expiring-select'));
    // No whole window and no renewal: the company's cards are its agent's.
    expect(screen.queryByTestId('expiring-whole')).toBeNull();
    expect(screen.queryByTestId('expiring-renew')).toBeNull();
    for (const ssid of ['861234567890003', '861234567890001']) {
      const row = await screen.findByTestId(`expiring-${ssid}`);
      fireEvent.click(within(row).getByRole('checkbox'));
    }
    expect(screen.getByTestId('expiring-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('expiring-ask'));
    await screen.findByText('Your agent has been asked to renew 2 users');
    const sent = calls(spy, api.terminal.askRenewal.path)[0]?.searchParams;
    expect([sent?.get('ids'), sent?.get('within')]).toEqual(['3,1', '90']);
    await waitFor(() => expect(screen.queryByTestId('expiring-actions')).toBeNull());
  });

  it('says so when nothing is due in the window', async () => {
    agentRadar({ [api.terminal.expiring.path]: pageOf([]) });
    renderRoute('/expiring');
    await findPage('expiring-page');
    await screen.findByText('No user has a service due in this window.');
  });
});

describe('the renewal sheet', { timeout: 20_000 }, () => {
  it('sets the cards against the balance and refuses, with the shortage, when one type is short', async () => {
    const spy = agentRadar({
      [api.terminal.renewPreview.path]: preview([cost(2, 'location', 57, 40), cost(0, 'voice', 2, 944)], {
        total: 59,
        silent: 1,
      }),
    });
    renderRoute('/expiring');
    await findPage('expiring-page');
    const sheet = await openSheet(['861234567890001', '861234567890002']);
    // The functions due on the chosen rows are offered first.
    expect(within(sheet).getByTestId('renew-fn-voice').getAttribute('aria-pressed')).toBe('true');
    expect(within(sheet).getByTestId('renew-fn-location').getAttribute('aria-pressed')).toBe('true');
    const location = await within(sheet).findByTestId('renew-cost-location');
    expect(location.textContent).toContain('57 Location cards; you have 40');
    expect(location.textContent).toContain('Insufficient location card balance');
    expect(location.textContent).toContain('(short by 17)');
    expect(location.getAttribute('data-short')).toBe('true');
    const voice = within(sheet).getByTestId('renew-cost-voice');
    expect(voice.textContent).toBe('2 Voice cards; you have 944');
    expect(voice.getAttribute('data-short')).toBe('false');
    expect(within(sheet).getByTestId('renew-silent').textContent).toBe(
      '1 of them not heard from for more than 7 days',
    );
    const [asked] = calls(spy, api.terminal.renewPreview.path);
    expect(asked?.searchParams.get('ids')).toBe('1,2');
    expect(asked?.searchParams.get('functions')).toBe('voice,location');
    const confirm = within(sheet).getByTestId('renew-confirm') as HTMLButtonElement;
    expect(confirm.textContent).toBe('Renew for 59 cards');
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls(spy, api.terminal.renewBatch.path)).toHaveLength(0);
  });

  it('renews with the total it showed as the confirm count, then closes', async () => {
    const spy = agentRadar({
      [api.terminal.renewPreview.path]: preview([cost(0, 'voice', 2, 944)], { total: 2 }),
      [api.terminal.renewBatch.path]: { data: { renewed: 2, costs: [] } },
    });
    renderRoute('/expiring');
    await findPage('expiring-page');
    const sheet = await openSheet(['861234567890001', '861234567890003']);
    await within(sheet).findByText('2 Voice cards; you have 944');
    const confirm = within(sheet).getByTestId('renew-confirm') as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(calls(spy, api.terminal.renewBatch.path)).toHaveLength(1));
    const sent = calls(spy, api.terminal.renewBatch.path)[0]?.searchParams;
    expect(sent?.get('ids')).toBe('1,3');
    expect(sent?.get('functions')).toBe('voice');
    expect(sent?.get('confirm')).toBe('2');
    await waitFor(() => expect(screen.queryByTestId('renew-sheet')).toBeNull(), { timeout: 5000 });
    // The radar and its counts are read again.
    await waitFor(() => expect(calls(spy, api.terminal.expiring.path).length).toBeGreaterThan(1));
  });

  it('renews the whole window by its filter, without ids', async () => {
    const spy = agentRadar({
      [api.terminal.renewPreview.path]: preview([cost(2, 'location', 3, 40)], { total: 3, terminals: 3 }),
      [api.terminal.renewBatch.path]: { data: { renewed: 3, costs: [] } },
    });
    renderRoute('/expiring');
    await findPage('expiring-page');
    fireEvent.click(await screen.findByTestId('fn-location'));
    fireEvent.click(await screen.findByTestId('expiring-select'));
    const whole = await screen.findByText('All 3 users in this window');
    fireEvent.click(whole);
    await waitFor(() =>
      expect(screen.getByTestId('expiring-count').textContent).toBe('All 3 users in this window'),
    );
    // Every row is chosen with the window, ticked and not greyed as if it could not be.
    const row = within(screen.getByTestId('expiring-861234567890002')).getByRole(
      'checkbox',
    ) as HTMLInputElement;
    expect(row.checked).toBe(true);
    expect(row.disabled).toBe(false);
    fireEvent.click(screen.getByTestId('expiring-renew'));
    const sheet = await screen.findByTestId('renew-sheet', {}, { timeout: 5000 });
    expect(within(sheet).getByTestId('renew-title').textContent).toBe('Renew 3 users');
    const confirm = within(sheet).getByTestId('renew-confirm') as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(calls(spy, api.terminal.renewBatch.path)).toHaveLength(1));
    const sent = calls(spy, api.terminal.renewBatch.path)[0]?.searchParams;
    expect(sent?.has('ids')).toBe(false);
    expect(sent?.get('function')).toBe('location');
    expect(sent?.get('within')).toBe('30');
    expect(sent?.get('functions')).toBe('location');
    expect(sent?.get('confirm')).toBe('3');
  });

  it('titles the sheet with the count the cost was re-read for', async () => {
    agentRadar({
      [api.terminal.renewPreview.path]: preview([cost(2, 'location', 2, 40)], { total: 2, terminals: 2 }),
    });
    renderRoute('/expiring');
    await findPage('expiring-page');
    fireEvent.click(await screen.findByTestId('fn-location'));
    fireEvent.click(await screen.findByTestId('expiring-select'));
    fireEvent.click(await screen.findByText('All 3 users in this window'));
    fireEvent.click(screen.getByTestId('expiring-renew'));
    const sheet = await screen.findByTestId('renew-sheet', {}, { timeout: 5000 });
    await waitFor(() => expect(within(sheet).getByTestId('renew-title').textContent).toBe('Renew 2 users'));
  });

  it('shows under the costs what the renewal does on each terminal, dates in the app language', async () => {
    agentRadar({
      [api.terminal.renewPreview.path]: preview([cost(0, 'voice', 1, 944), cost(2, 'location', 0, 40)], {
        total: 1,
        breakdown: [
          {
            id: 2,
            name: 'Radio2',
            ssid: '861234567890002',
            functions: [
              { function: 'voice', outcome: 'renewed', expires: '2026-12-03', renewed: '2027-12-03' },
              { function: 'location', outcome: 'notDue', expires: '2027-05-01', renewed: null },
            ],
          },
        ],
      }),
    });
    renderRoute('/expiring');
    await findPage('expiring-page');
    const sheet = await openSheet(['861234567890002']);
    const row = await within(sheet).findByTestId('renew-row-2');
    expect(row.textContent).toBe('Radio2 — Voice: Dec 3, 2026 → Dec 3, 2027; Location: not due');
    // The list follows the costs.
    const costs = within(sheet).getByTestId('renew-cost-voice');
    expect(costs.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks for a function before it works out any cost', async () => {
    const spy = agentRadar({
      [api.terminal.renewPreview.path]: preview([cost(0, 'voice', 1, 944)], { total: 1 }),
    });
    renderRoute('/expiring');
    await findPage('expiring-page');
    const sheet = await openSheet(['861234567890001']);
    fireEvent.click(within(sheet).getByTestId('renew-fn-voice'));
    await within(sheet).findByText('Choose at least one function.');
    expect((within(sheet).getByTestId('renew-confirm') as HTMLButtonElement).disabled).toBe(true);
    const asked = calls(spy, api.terminal.renewPreview.path).length;
    await new Promise((r) => setTimeout(r, 50));
    expect(calls(spy, api.terminal.renewPreview.path)).toHaveLength(asked);
  });
});

describe('card thresholds', { timeout: 20_000 }, () => {
  const runway = {
    data: {
      list: [
        { cardType: 0, balance: 40, due30: 57, due90: 80, threshold: 0, short: true, low: false },
        { cardType: 2, balance: 900, due30: 3, due90: 9, threshold: 100, short: false, low: false },
      ],
    },
  };

  it('shows the runway per card type and saves a threshold the contract accepts', async () => {
    signIn(0);
    const spy = mockApi({
      [api.agent.runway.path]: runway,
      [api.agent.setThreshold.path]: { data: null },
    });
    renderRoute('/cardThresholds');
    await findPage('card-thresholds');
    const voice = await screen.findByTestId('runway-voice');
    expect(within(voice).getByTestId('runway-voice-balance').textContent).toBe('40');
    expect(voice.textContent).toContain('Does not cover the next 30 days');
    expect(screen.getByTestId('runway-location').textContent).not.toContain('Does not cover');
    const input = screen.getByLabelText('Remind me under', { selector: '#threshold-voice' });
    fireEvent.change(input, { target: { value: '12x' } });
    fireEvent.click(screen.getByTestId('threshold-voice-save'));
    await screen.findByText('Enter a whole number of cards from 0 to 1000000');
    expect(calls(spy, api.agent.setThreshold.path)).toHaveLength(0);
    // Full-width digits, as a Chinese input method types them, are read as the sale form reads them.
    fireEvent.change(input, { target: { value: '５０' } });
    fireEvent.click(screen.getByTestId('threshold-voice-save'));
    await waitFor(() => expect(calls(spy, api.agent.setThreshold.path)).toHaveLength(1));
    expect(screen.queryByText('Enter a whole number of cards from 0 to 1000000')).toBeNull();
    const sent = calls(spy, api.agent.setThreshold.path)[0]?.searchParams;
    expect(sent?.get('cardType')).toBe('0');
    expect(sent?.get('threshold')).toBe('50');
  });
});
