import { api, FenceLimits, Messages } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, mockApi, signIn } from '../../../test/api-mock.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { changeLanguage } from '../../i18n/i18n.ts';

interface Drawn {
  label?: string;
  tone?: string;
}

// The map has its own tests; the stand-in lists what the page gives it to draw and where it moves.
vi.mock('../../components/map/map-view.tsx', () => ({
  MapView: (props: {
    testId?: string;
    shapes?: Drawn[];
    markers?: Drawn[];
    focus?: { lat: number; lng: number };
  }) => (
    <div data-testid={props.testId}>
      <span data-testid="map-other-shapes">
        {props.shapes?.filter((s) => s.tone === 'other').map((s) => s.label)}
      </span>
      <span data-testid="map-other-markers">
        {props.markers?.filter((s) => s.tone === 'other').map((s) => s.label)}
      </span>
      <span data-testid="map-focus">{props.focus ? `${props.focus.lat},${props.focus.lng}` : ''}</span>
    </div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const circle = (id: number, name: string) => ({
  id,
  name,
  shape: 'circle' as const,
  center: { lat: 22.3, lng: 114.17 },
  radius: 200,
  points: [],
});

const terminal = (id: number, name: string, lat: number | null) => ({
  terminal_id: id,
  name,
  ssid: String(100000 + id),
  lat,
  lng: lat === null ? null : 114.1,
  at: null,
  speed: null,
  online: 1 as const,
  sos: 0 as const,
});

describe('drawing a fence', { timeout: 20_000 }, () => {
  it('shows the company’s other fences and its users’ last positions, and says where the lists are cut', async () => {
    signIn(1);
    mockApi({
      [api.fence.shapes.path]: {
        data: { list: [circle(7, 'Depot'), circle(8, 'Harbour')], total: FenceLimits.shapesMax + 3 },
      },
      [api.location.fleet.path]: {
        data: { list: [terminal(1, 'Radio1', 22.3), terminal(2, 'Radio2', null)], next: 100 },
      },
    });
    renderRoute('/fenceEdit');
    await findPage('fence-edit');
    await waitFor(() => expect(screen.getByTestId('map-other-shapes').textContent).toBe('DepotHarbour'));
    // A terminal that never reported a position has no dot.
    expect(screen.getByTestId('map-other-markers').textContent).toBe('Radio1');
    const note = screen.getByTestId('fence-context').textContent;
    expect(note).toContain('other fences (2)');
    expect(note).toContain('Only the newest 50 of its 53 fences are drawn.');
    expect(note).toContain('Only its first 100 users are shown.');
  });

  it('says a company at its fence cap can add none, in its language, before anything is drawn', async () => {
    signIn(1);
    const atCap = (total: number) =>
      mockApi({
        [api.fence.shapes.path]: { data: { list: [circle(7, 'Depot')], total } },
        [api.location.fleet.path]: { data: { list: [], next: null } },
      });
    atCap(FenceLimits.perCompanyMax - 1);
    const below = renderRoute('/fenceEdit');
    await findPage('fence-edit');
    await waitFor(() => expect(screen.getByTestId('map-other-shapes').textContent).toBe('Depot'));
    expect(screen.queryByTestId('fence-max')).toBeNull();
    expect((screen.getByTestId('fence-save') as HTMLButtonElement).disabled).toBe(false);
    below.unmount();

    const fetch = atCap(FenceLimits.perCompanyMax);
    await changeLanguage('zh-Hant');
    const full = renderRoute('/fenceEdit');
    expect((await screen.findByTestId('fence-max')).textContent).toBe(Messages.fenceMax.cn2);
    expect((screen.getByTestId('fence-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('fence-save'));
    expect(callsOn(fetch, api.fence.add.path)).toHaveLength(0);
    full.unmount();
    await changeLanguage('en');
  });

  it('leaves out the fence being edited and reads the fence’s company for an agent', async () => {
    signIn(0);
    const fetch = mockApi({
      [api.fence.detail.path]: {
        data: {
          ...circle(7, 'Depot'),
          org_id: 5,
          org_name: 'Demo_Company',
          trigger: 0,
          window_start: '00:00',
          window_end: '23:59',
          time_zone: 'UTC',
          permanent: true,
          date_start: null,
          date_end: null,
          keeper: null,
          member_count: 0,
          created_at: '2026-11-01T00:00:00.000Z',
        },
      },
      [api.fence.shapes.path]: { data: { list: [circle(7, 'Depot'), circle(8, 'Harbour')], total: 2 } },
      [api.location.fleet.path]: { data: { list: [], next: null } },
    });
    renderRoute('/fenceEdit?id=7');
    await findPage('fence-edit');
    await waitFor(() => expect(screen.getByTestId('map-other-shapes').textContent).toBe('Harbour'));
    expect(callsOn(fetch, api.fence.shapes.path)[0]?.searchParams.get('orgId')).toBe('5');
    expect(callsOn(fetch, api.location.fleet.path)[0]?.searchParams.get('orgId')).toBe('5');
    expect(screen.getByTestId('fence-context').textContent).not.toContain('Only');
  });

  it('finds a place by name and moves the map there, after checking the query', async () => {
    signIn(1);
    const fetch = mockApi({
      [api.location.places.path]: (url) => ({
        data: {
          list:
            url.searchParams.get('q') === 'Mong Kok'
              ? [
                  {
                    name: 'Mong Kok',
                    country: 'HK',
                    country_name: 'Hong Kong SAR China',
                    region: 'Yau Tsim Mong',
                    lat: 22.31,
                    lng: 114.18,
                  },
                ]
              : [],
        },
      }),
    });
    renderRoute('/fenceEdit');
    await findPage('fence-edit');
    const q = document.getElementById('place-q') as HTMLInputElement;
    fireEvent.change(q, { target: { value: 'K' } });
    fireEvent.click(screen.getByTestId('place-go'));
    expect(await screen.findByText('Place: 2 to 50 characters of its name')).toBeTruthy();
    expect(callsOn(fetch, api.location.places.path)).toHaveLength(0);

    fireEvent.change(q, { target: { value: 'Nowhere' } });
    fireEvent.keyDown(q, { key: 'Enter' });
    // While the server looks, a spinner says so (the first search after a start is slow).
    expect(screen.getByTestId('place-busy').textContent).toBe('Searching…');
    expect(await screen.findByTestId('place-none')).toBeTruthy();
    expect(screen.queryByTestId('place-busy')).toBeNull();

    fireEvent.change(q, { target: { value: ' Mong Kok ' } });
    fireEvent.click(screen.getByTestId('place-go'));
    const [hit] = await screen.findAllByTestId('place-hit');
    // The district it lies in tells one namesake from another.
    expect(hit?.textContent).toBe('Mong Kok · Yau Tsim Mong · Hong Kong SAR China');
    fireEvent.click(hit as HTMLElement);
    expect(screen.getByTestId('map-focus').textContent).toBe('22.31,114.18');
    expect(screen.getByTestId('place-picked').textContent).toBe('The map shows Mong Kok: tap it to draw.');
    const asked = callsOn(fetch, api.location.places.path).at(-1)?.searchParams;
    expect([asked?.get('q'), asked?.get('lang')]).toEqual(['Mong Kok', 'en']);
    // Enter in the search saved no fence.
    expect(callsOn(fetch, api.fence.add.path)).toHaveLength(0);
  });
});
