import { api } from '@ptt/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, mockApi, signIn, watchDownloads } from '../../../test/api-mock.ts';
import { pickDate } from '../../../test/date-picker.ts';
import { allOn } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const party = (id: number, name: string) => ({ id, name });
const rows = [
  {
    id: 2,
    kind: 'recycle',
    direction: 'in',
    cardType: 0,
    quantity: 2,
    fromAgent: party(2, 'Sub'),
    toAgent: party(1, 'Top'),
    org: null,
    created_at: '2026-03-02T10:00:00.000Z',
  },
  {
    id: 1,
    kind: 'sale',
    direction: 'out',
    cardType: 0,
    quantity: 5,
    fromAgent: party(1, 'Top'),
    toAgent: party(2, 'Sub'),
    org: null,
    created_at: '2026-03-01T10:00:00.000Z',
  },
];

const open = async () => {
  signIn(0);
  const fetch = mockApi({
    [api.agent.queryCardSwitch.path]: { data: allOn({ path: 'A001B002', video_card: 0, super_card: 0 }) },
    [api.agent.getSalesPurchaseRecord.path]: { data: { list: rows, total: 2, page: 1, size: 20 } },
    [api.agent.exportSalesRecord.path]: { file: 'a,b\r\n' },
  });
  renderRoute('/salesRecord');
  await findPage('sales-record');
  return fetch;
};

const recordCalls = (fetch: ReturnType<typeof mockApi>) =>
  callsOn(fetch, api.agent.getSalesPurchaseRecord.path);

describe('service card record', { timeout: 15_000 }, () => {
  it('names a return to a lower agent from each side', async () => {
    signIn(0);
    const restore = (id: number, direction: 'in' | 'out') => ({
      ...rows[1],
      id,
      kind: 'restore',
      direction,
      quantity: 3,
    });
    mockApi({
      [api.agent.queryCardSwitch.path]: { data: allOn({ path: 'A001' }) },
      [api.agent.getSalesPurchaseRecord.path]: {
        data: { list: [restore(4, 'out'), restore(3, 'in')], total: 2, page: 1, size: 20 },
      },
    });
    renderRoute('/salesRecord');
    await findPage('sales-record');
    const [out, back] = await within(await screen.findByTestId('record-list')).findAllByTestId('record-row');
    expect([out?.dataset.kind, back?.dataset.kind]).toEqual(['restoreOut', 'restoreIn']);
    expect(out?.textContent).toContain('Returned to lower agent');
    expect(out?.textContent).toContain('−3');
    expect(back?.textContent).toContain('Returned by upper agent');
  });

  it('shows sales and recycling with their direction and filters by the switched-on card types', async () => {
    const fetch = await open();
    const list = await screen.findByTestId('record-list');
    const [recycle, sale] = await within(list).findAllByTestId('record-row');
    expect(recycle?.dataset.kind).toBe('recycleIn');
    expect(recycle?.textContent).toContain('Recycle · Voice');
    expect(recycle?.textContent).toContain('+2');
    expect(sale?.textContent).toContain('Sale · Voice');
    expect(sale?.textContent).toContain('Top → Sub');
    expect(sale?.textContent).toContain('−5');
    await screen.findByTestId('record-card-sos');
    expect(screen.queryByTestId('record-card-video')).toBeNull();
    expect(screen.queryByTestId('record-card-vip')).toBeNull();
    fireEvent.click(screen.getByTestId('record-card-sos'));
    await waitFor(() =>
      expect(recordCalls(fetch).some((u) => u.searchParams.get('cardType') === '3')).toBe(true),
    );
    await pickDate('record-start', '2026-02-01');
    await waitFor(() =>
      expect(recordCalls(fetch).some((u) => u.searchParams.get('start') === '2026-02-01')).toBe(true),
    );
  });

  it('refuses an export range over 90 days or the wrong way round', async () => {
    await open();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await pickDate('record-start', '2026-01-01');
    await pickDate('record-end', '2026-06-01');
    fireEvent.click(screen.getByTestId('record-export'));
    expect(await screen.findByText('The date range cannot exceed 90 days')).toBeTruthy();
    await pickDate('record-end', '2025-12-01');
    fireEvent.click(screen.getByTestId('record-export'));
    expect(await screen.findByText('The start date cannot be after the end date')).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
  });

  it('downloads the export from the API with the range, the language and the login info', async () => {
    const fetch = await open();
    const saved = watchDownloads();
    await pickDate('record-start', '2026-01-01');
    await pickDate('record-end', '2026-03-31');
    fireEvent.click(screen.getByTestId('record-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(saved[0]).toBe(`sales-record-2026-01-01-2026-03-31-${zone.replaceAll('/', '_')}.csv`);
    const [url] = callsOn(fetch, api.agent.exportSalesRecord.path);
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      start: '2026-01-01',
      end: '2026-03-31',
      lang: 'en',
      timeZone: zone,
      access_token: 'token-1',
      openid: 'open-1',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the company on cards used for its users and on refunds for its deleted users, and opens a row', async () => {
    signIn(0);
    const mine = party(1, 'Demo_Agent');
    const row = (id: number, kind: string, direction: string, org: string | null) => ({
      id,
      kind,
      direction,
      cardType: 4,
      quantity: 1,
      fromAgent: direction === 'out' ? mine : null,
      toAgent: direction === 'in' ? mine : null,
      org: org ? { orgName: org } : null,
      created_at: '2026-03-02T10:00:00.000Z',
    });
    mockApi({
      [api.agent.queryCardSwitch.path]: { data: allOn({ path: 'A001' }) },
      [api.agent.getSalesPurchaseRecord.path]: {
        data: {
          list: [
            row(9, 'return', 'in', 'Taxi Co'),
            row(8, 'consume', 'out', 'Taxi Co'),
            row(7, 'consume', 'out', null),
          ],
          total: 3,
          page: 1,
          size: 20,
        },
      },
    });
    renderRoute('/salesRecord');
    await findPage('sales-record');
    const [refund, used, older] = await within(await screen.findByTestId('record-list')).findAllByTestId(
      'record-row',
    );
    expect(refund?.textContent).toContain('deleted users of Taxi Co → Demo_Agent');
    expect(used?.textContent).toContain('Demo_Agent → users of Taxi Co');
    // A row written before the company was recorded still says where the cards went.
    expect(older?.textContent).toContain('Demo_Agent → users');
    expect(within(used as HTMLElement).queryByTestId('record-detail')).toBeNull();
    fireEvent.click(within(used as HTMLElement).getByRole('button'));
    const detail = within(used as HTMLElement).getByTestId('record-detail');
    expect(detail.textContent).toContain('#8');
    expect(detail.textContent).toContain('Company');
    expect(detail.textContent).toContain('Taxi Co');
  });
});
