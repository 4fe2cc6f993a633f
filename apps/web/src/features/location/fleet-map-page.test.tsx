import { api } from '@ptt/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, mockApi, signIn } from '../../../test/api-mock.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { dispatchLiveEvent } from '../../api/live-events.ts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { fleetRow } from './fleet-fixtures.ts';
import type { FleetRow, FleetStore } from './fleet-store.ts';

// The map draws with Leaflet; here it lists its markers, re-rendered with the store like the real one.
vi.mock('./fleet-map-view.tsx', async () => {
  const { useFleetVersion } = await import('./use-fleet.ts');
  return {
    FleetMapView: ({ store, onSelect }: { store: FleetStore; onSelect: (id: number) => void }) => {
      useFleetVersion(store);
      return (
        <div data-testid="fleet-map">
          {store
            .all()
            .filter((r) => r.lat !== null)
            .map((r) => (
              <button
                key={r.terminal_id}
                type="button"
                data-testid={`marker-${r.terminal_id}`}
                data-state={r.sos ? 'sos' : r.online ? 'online' : 'offline'}
                onClick={() => onSelect(r.terminal_id)}
              >
                {`${r.lat},${r.lng}`}
              </button>
            ))}
        </div>
      );
    },
  };
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const terminal = (id: number, extra: Partial<FleetRow> = {}) =>
  fleetRow(id, { lat: 22.3 + id / 100, ...extra });

const fleet = [
  terminal(1, { online: 0 }),
  terminal(2),
  terminal(3, { sos: 1 }),
  terminal(4, { lat: null, lng: null, at: null, online: 0 }),
];

describe('live fleet map', () => {
  it('shows every placed terminal with its state and moves a marker in place on a position', async () => {
    signIn(1);
    const fetch = mockApi({ [api.location.fleet.path]: { data: { list: fleet, next: null } } });
    renderRoute('/fleetMap');
    await findPage('fleet-page');
    await screen.findByTestId('marker-1');
    expect(screen.getByTestId('marker-1').dataset.state).toBe('offline');
    expect(screen.getByTestId('marker-2').dataset.state).toBe('online');
    expect(screen.getByTestId('marker-3').dataset.state).toBe('sos');
    expect(screen.queryByTestId('marker-4')).toBeNull();
    expect(screen.getByTestId('fleet-summary').textContent).toBe('2 online · 1 SOS · 4 terminals');
    expect(screen.getByText('1 terminal has no position yet')).toBeTruthy();

    act(() => {
      dispatchLiveEvent({
        id: 7,
        type: 'position',
        data: { terminal_id: 2, org_id: 2, lat: 22.9, lng: 114.9, speed: 30, at: '2026-11-22T08:10:00Z' },
      });
      dispatchLiveEvent({
        id: 8,
        type: 'terminal.online',
        data: { terminal_id: 1, org_id: 2, at: '2026-11-22T08:10:00Z' },
      });
    });
    await waitFor(() => expect(screen.getByTestId('marker-2').textContent).toBe('22.9,114.9'));
    expect(screen.getByTestId('marker-1').dataset.state).toBe('online');
    // Updated in place: the fleet is asked for once.
    expect(callsOn(fetch, api.location.fleet.path)).toHaveLength(1);
  });

  it('shows each page of the fleet as it arrives, and says more are coming until the last is in', async () => {
    signIn(1);
    const afterOf = (input: unknown) => new URL(String(input), 'http://localhost').searchParams.get('after');
    const fetch = mockApi({
      [api.location.fleet.path]: (url) =>
        url.searchParams.get('after') === null
          ? { data: { list: fleet.slice(0, 2), next: 2 } }
          : { data: { list: fleet.slice(2), next: null } },
    });
    const answer = fetch.getMockImplementation();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetch.mockImplementation(async (input, init) => {
      if (afterOf(input) === '2') await held;
      return (answer as NonNullable<typeof answer>)(input, init);
    });
    renderRoute('/fleetMap');
    await findPage('fleet-page');
    await screen.findByTestId('marker-2');
    expect(screen.getByTestId('marker-1')).toBeTruthy();
    expect(screen.queryByTestId('marker-3')).toBeNull();
    expect(screen.getByTestId('fleet-loading-more').textContent).toBe(' Loading more terminals…');
    // Valid HTML: the spinner (a div) is not inside a paragraph.
    expect(screen.getByTestId('fleet-loading-more').tagName).toBe('DIV');
    const body = screen.getByTestId('fleet-summary').closest('.fleet-body') as HTMLElement;
    expect([body.getAttribute('aria-busy'), body.dataset.loaded]).toEqual(['true', 'false']);

    // An event of a terminal whose page is still on its way is dropped: its page brings its state.
    act(() =>
      dispatchLiveEvent({
        id: 7,
        type: 'position',
        data: { terminal_id: 3, org_id: 2, lat: 22.9, lng: 114.9, speed: 30, at: '2026-11-22T08:10:00Z' },
      }),
    );
    release();
    await screen.findByTestId('marker-3');
    expect(screen.getByTestId('marker-3').textContent).toBe(`${fleet[2].lat},114.1`);
    expect(screen.getByTestId('marker-1')).toBeTruthy();
    expect(screen.queryByTestId('fleet-loading-more')).toBeNull();
    expect([body.getAttribute('aria-busy'), body.dataset.loaded]).toEqual(['false', 'true']);
    await waitFor(() =>
      expect(screen.getByTestId('fleet-summary').textContent).toBe('2 online · 1 SOS · 4 terminals'),
    );
    expect(callsOn(fetch, api.location.fleet.path).map((u) => u.searchParams.get('after'))).toEqual([
      null,
      '2',
    ]);

    act(() =>
      dispatchLiveEvent({
        id: 8,
        type: 'position',
        data: { terminal_id: 3, org_id: 2, lat: 22.8, lng: 114.8, speed: 30, at: '2026-11-22T08:11:00Z' },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('marker-3').textContent).toBe('22.8,114.8'));
  });

  it('lists SOS first, then online, and opens a sheet with links to the terminal', async () => {
    signIn(1);
    mockApi({ [api.location.fleet.path]: { data: { list: fleet, next: null } } });
    renderRoute('/fleetMap');
    await findPage('fleet-page');
    await screen.findByTestId('marker-1');
    fireEvent.click(screen.getByTestId('fleet-view-list'));
    const rows = within(await screen.findByTestId('fleet-rows')).getAllByRole('button');
    expect(rows.map((r) => r.dataset.testid)).toEqual([
      'fleet-row-100003',
      'fleet-row-100002',
      'fleet-row-100001',
      'fleet-row-100004',
    ]);
    fireEvent.click(rows[0]);
    const sheet = await screen.findByTestId('fleet-sheet');
    expect(sheet.dataset.state).toBe('sos');
    expect(within(sheet).getByTestId('fleet-to-detail').getAttribute('href')).toBe('/userDetail?id=3');
    expect(within(sheet).getByTestId('fleet-to-track').getAttribute('href')).toBe('/locationTrack?id=3');
    expect(within(sheet).getByTestId('fleet-to-recordings').getAttribute('href')).toBe(
      '/recordingList?terminalId=3',
    );
    act(() =>
      dispatchLiveEvent({
        id: 9,
        type: 'sos.processed',
        data: { id: 5, terminal_id: 3, org_id: 2, processor: 'Demo', at: '2026-11-22T08:10:00Z' },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('fleet-sheet').dataset.state).toBe('online'));
    fireEvent.click(within(screen.getByTestId('fleet-sheet')).getByTestId('fleet-show-on-map'));
    await screen.findByTestId('fleet-map');
  });

  it('has an agent choose the company first, then asks for that company’s fleet', async () => {
    signIn(0);
    const fetch = mockApi({
      [api.agent.orgs.path]: {
        data: { list: [{ id: 7, corg_name: 'Harbour Co' }], total: 1, page: 1, size: 20 },
      },
      [api.location.fleet.path]: { data: { list: fleet, next: null } },
    });
    renderRoute('/fleetMap');
    await findPage('fleet-page');
    expect(screen.getByText('Choose a company to see its fleet.')).toBeTruthy();
    expect(callsOn(fetch, api.location.fleet.path)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('fleet-org-button'));
    fireEvent.click(await screen.findByText('Harbour Co'));
    await screen.findByTestId('marker-1');
    expect(callsOn(fetch, api.location.fleet.path)[0]?.searchParams.get('orgId')).toBe('7');
  });

  it.each([
    ['zh-Hant', '即時車隊地圖', '2 在線 · 1 SOS · 共 4 台終端'],
    ['zh-Hans', '实时车队地图', '2 在线 · 1 SOS · 共 4 台终端'],
  ] as const)('speaks %s', async (lang, title, summary) => {
    await changeLanguage(lang);
    signIn(1);
    mockApi({ [api.location.fleet.path]: { data: { list: fleet, next: null } } });
    renderRoute('/fleetMap');
    await findPage('fleet-page');
    expect(screen.getByText(title)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('fleet-summary').textContent).toBe(summary));
  });
});
