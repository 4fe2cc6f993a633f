import { api, Code, Messages } from '@ptt/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { allOn } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { changeLanguage } from '../../i18n/i18n.ts';

/** jsdom draws no canvas: the chart library is replaced by a stand-in that keeps what it was given. */
const drawn = vi.hoisted(() => [] as { series: { label?: string }[]; data: unknown[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    constructor(options: { series: { label?: string }[] }, data: unknown[][], el: HTMLElement) {
      drawn.push({ series: options.series, data });
      el.append(Object.assign(document.createElement('canvas'), { className: 'stand-in' }));
    }
    setSize() {}
    destroy() {}
  },
}));

afterEach(async () => {
  vi.unstubAllGlobals();
  drawn.length = 0;
  await changeLanguage('en');
});

const cards = (cardType: number, sold: number, consumed: number, recycled: number, bought = 0) => ({
  cardType,
  bought,
  sold,
  consumed,
  recycled,
});
const months = [
  { month: '2026-09', cards: [cards(0, 5, 0, 0)], created: 1, lapsed: 1 },
  { month: '2026-10', cards: [cards(0, 3, 0, 0, 10), cards(2, 0, 4, 0)], created: 2, lapsed: 0 },
  { month: '2026-11', cards: [cards(0, 1200, 0, 2)], created: 0, lapsed: 3 },
];
const weeks = [
  { week: '2026-11-09', online: null, sosRaised: 1, sosProcessed: 1, fenceAlarms: 0 },
  { week: '2026-11-16', online: 2, sosRaised: 1, sosProcessed: 0, fenceAlarms: 1 },
  { week: '2026-11-23', online: 1, sosRaised: 0, sosProcessed: 1, fenceAlarms: 1 },
];
const calls = (spy: ReturnType<typeof mockApi>, path: string) =>
  spy.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === path);
/** A table's rows as text, cell by cell. */
const tableOf = (testId: string) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('tr')).map((tr) =>
    Array.from(tr.children).map((c) => c.textContent),
  );

const agentReport = (data: unknown = { months }) => {
  signIn(0);
  return mockApi({
    [api.report.agent.path]: { data },
    [api.agent.queryCardSwitch.path]: { data: allOn({ video_card: 0 }) },
  });
};

describe('the reports', { timeout: 20_000 }, () => {
  it("draws an agent's months and lists the same figures, newest first, every card type together", async () => {
    const spy = agentReport();
    renderRoute('/reports');
    await findPage('report-page');
    await screen.findByTestId('report-cards-table');
    expect(tableOf('report-cards-table')).toEqual([
      ['Month', 'Bought', 'Sold', 'Consumed', 'Recycled'],
      ['November 2026', '0', '1,200', '0', '2'],
      ['October 2026', '10', '3', '4', '0'],
      ['September 2026', '0', '5', '0', '0'],
    ]);
    // A month of cards opens its statement.
    const november = within(screen.getByTestId('report-cards-table')).getByRole('link', {
      name: 'November 2026',
    });
    expect(november.getAttribute('href')).toBe('/statement?month=2026-11');
    expect(tableOf('report-terminals-table')).toEqual([
      ['Month', 'New', 'Lapsed'],
      ['November 2026', '0', '3'],
      ['October 2026', '2', '0'],
      ['September 2026', '1', '1'],
    ]);
    // Each block has its chart, given the same figures oldest first, its legend in the reader's language.
    const charts = screen.getAllByTestId('report-chart');
    expect(charts).toHaveLength(2);
    expect(charts[0].querySelector('canvas')).toBeTruthy();
    expect(charts[0].getAttribute('aria-label')).toContain('Service cards');
    expect(drawn[0].series.map((s) => s.label)).toEqual([
      undefined,
      'Bought',
      'Sold',
      'Consumed',
      'Recycled',
    ]);
    // Each line its own colour and dash.
    const lines = drawn[0].series.slice(1) as { stroke?: unknown; dash?: unknown }[];
    expect(new Set(lines.map((l) => String(l.stroke))).size).toBe(4);
    expect(new Set(lines.map((l) => JSON.stringify(l.dash ?? null))).size).toBe(4);
    expect(drawn[0].data).toEqual([
      [0, 1, 2],
      [0, 10, 0],
      [5, 3, 1200],
      [0, 4, 0],
      [0, 0, 2],
    ]);
    const first = calls(spy, api.report.agent.path)[0];
    expect(first?.searchParams.get('months')).toBe('6');
    expect(first?.searchParams.get('timeZone')).toBeTruthy();
  });

  it('asks again for one card type and for another period', async () => {
    const spy = agentReport();
    renderRoute('/reports');
    await screen.findByTestId('report-cards-table');
    // Only the card types the agent has switched on are offered.
    expect(screen.queryByTestId('card-5')).toBeNull();
    fireEvent.click(screen.getByTestId('card-2'));
    await waitFor(() =>
      expect(calls(spy, api.report.agent.path).at(-1)?.searchParams.get('cardType')).toBe('2'),
    );
    fireEvent.click(screen.getByTestId('period-12'));
    await waitFor(() => {
      const last = calls(spy, api.report.agent.path).at(-1);
      expect(last?.searchParams.get('months')).toBe('12');
      expect(last?.searchParams.get('cardType')).toBe('2');
    });
    expect(screen.getByTestId('period-12').getAttribute('aria-selected')).toBe('true');
  });

  it('says when a period has nothing, instead of a flat chart', async () => {
    agentReport({ months: months.map((m) => ({ ...m, cards: [], created: 0, lapsed: 0 })) });
    renderRoute('/reports');
    expect(await screen.findByTestId('report-cards-empty')).toBeTruthy();
    expect(screen.getByTestId('report-terminals-empty').textContent).toBe('Nothing in this period.');
    expect(screen.queryByTestId('report-chart')).toBeNull();
  });

  it("shows a company its weeks, an unknown week as such, in Chinese with the chart's legend", async () => {
    await changeLanguage('zh-Hans');
    signIn(1);
    const spy = mockApi({ [api.report.org.path]: { data: { weeks } } });
    renderRoute('/reports');
    await screen.findByTestId('report-online-table');
    expect(screen.getByText('每周报表')).toBeTruthy();
    expect(screen.queryByTestId('report-org-button')).toBeNull();
    const online = tableOf('report-online-table');
    expect(online[0]).toEqual(['周（起始日）', '在线']);
    // The week before the positions kept reads as not kept, not as none online.
    expect(online.map((r) => r[1])).toEqual(['在线', '1', '2', '–未保存']);
    expect(tableOf('report-alarms-table')[0]).toEqual(['周（起始日）', 'SOS 发起', 'SOS 已处理', '围栏告警']);
    expect(drawn[1].series.map((s) => s.label)).toEqual([undefined, 'SOS 发起', 'SOS 已处理', '围栏告警']);
    expect(drawn[0].data[1]).toEqual([null, 2, 1]);
    expect(calls(spy, api.report.org.path)[0]?.searchParams.get('orgId')).toBeNull();
  });

  it("shows an agent a company's weeks when opened for it", async () => {
    signIn(0);
    const spy = mockApi({ [api.report.org.path]: { data: { weeks } } });
    renderRoute('/reports?orgId=3&orgName=Taxi%20Co');
    await screen.findByTestId('report-alarms-table');
    expect(screen.getByTestId('report-org-button').textContent).toContain('Taxi Co');
    expect(calls(spy, api.report.org.path)[0]?.searchParams.get('orgId')).toBe('3');
  });

  it('offers a retry when the report cannot be read', async () => {
    signIn(0);
    mockApi({
      [api.report.agent.path]: { code: Code.internal, msg: Messages.internalError },
      [api.agent.queryCardSwitch.path]: { data: allOn() },
    });
    renderRoute('/reports');
    const failed = await screen.findByTestId('report-error', {}, { timeout: 10_000 });
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
