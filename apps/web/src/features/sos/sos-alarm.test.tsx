import { api, type LiveEventDataOf } from '@ptt/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { dispatchLiveEvent } from '../../api/live-events.ts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { setSosAlarmStyle } from '../../lib/alarm-style.ts';
import { clearLoginInfo } from '../../lib/storage.ts';
import { SosAlarm } from './sos-alarm.tsx';

const sound = vi.hoisted(() => ({ stop: vi.fn(), start: vi.fn(), chime: vi.fn() }));
vi.mock('../../lib/alarm-sound.ts', () => ({
  chime: () => sound.chime(),
  startAlarm: () => {
    sound.start();
    return sound.stop;
  },
}));
vi.mock('../../components/map/map-view.tsx', () => ({
  MapView: (props: { testId?: string; markers?: { lat: number; lng: number }[] }) => (
    <div data-testid={props.testId}>{props.markers?.map((m) => `${m.lat},${m.lng}`).join(';')}</div>
  ),
}));

const raised = (id: number, extra: Partial<LiveEventDataOf<'sos.raised'>> = {}) => ({
  id,
  terminal_id: 40 + id,
  terminal_name: `Radio ${id}`,
  ssid: `10000${id}`,
  org_id: 2,
  org_name: 'Demo_Company',
  lat: 22.3193,
  lng: 114.1694,
  at: '2026-11-22T08:30:00.000Z',
  ...extra,
});

const raise = (data: ReturnType<typeof raised>) =>
  act(() => dispatchLiveEvent({ id: 1000 + data.id, type: 'sos.raised', data }));

const Where = () => {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
};

const renderAlarm = () => {
  mockApi({ [api.location.address.path]: { data: { address: 'Mong Kok, Hong Kong' } } });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/userList']}>
        <SosAlarm />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

beforeEach(() => {
  sound.start.mockClear();
  sound.stop.mockClear();
  sound.chime.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearLoginInfo();
  localStorage.clear();
  return changeLanguage('en');
});

describe('SOS alarm', () => {
  it('stays away until an SOS is raised, then takes the screen with who, when and where, and sounds', async () => {
    renderAlarm();
    expect(screen.queryByTestId('sos-alarm')).toBeNull();
    expect(sound.start).not.toHaveBeenCalled();

    raise(raised(9));
    const alarm = screen.getByTestId('sos-alarm');
    expect(alarm.textContent).toContain('SOS alarm');
    expect(screen.getByTestId('sos-alarm-name').textContent).toBe('Radio 9');
    expect(alarm.textContent).toContain('100009');
    expect(alarm.textContent).toContain('Demo_Company');
    expect(screen.getByTestId('sos-alarm-map').textContent).toBe('22.3193,114.1694');
    // The gazetteer's name of the place, not bare coordinates.
    expect(await screen.findByTestId('sos-alarm-address')).toHaveProperty(
      'textContent',
      'Mong Kok, Hong Kong',
    );
    expect(sound.start).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('sos-alarm-count')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('sos-alarm-ack'));
  });

  it('goes to the SOS detail on Acknowledge and stops the sound', () => {
    renderAlarm();
    raise(raised(9));
    fireEvent.click(screen.getByTestId('sos-alarm-ack'));
    expect(screen.getByTestId('where').textContent).toBe('/sosDetail?id=9');
    expect(screen.queryByTestId('sos-alarm')).toBeNull();
    expect(sound.stop).toHaveBeenCalledTimes(1);
  });

  it('queues SOS raised in a row, counts them, and shows the next after an acknowledgement', () => {
    renderAlarm();
    raise(raised(1));
    raise(raised(2, { lat: null, lng: null }));
    raise(raised(2, { lat: null, lng: null }));
    raise(raised(3));
    expect(screen.getByTestId('sos-alarm-count').textContent).toBe('3 SOS waiting');
    expect(screen.getByTestId('sos-alarm-name').textContent).toBe('Radio 1');

    fireEvent.click(screen.getByTestId('sos-alarm-ack'));
    expect(screen.getByTestId('where').textContent).toBe('/sosDetail?id=1');
    expect(screen.getByTestId('sos-alarm-name').textContent).toBe('Radio 2');
    expect(screen.getByTestId('sos-alarm').textContent).toContain('The alarm came without a position.');
    expect(screen.queryByTestId('sos-alarm-map')).toBeNull();
    // The siren keeps ringing while SOS wait.
    expect(sound.stop).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('sos-alarm-ack-all'));
    expect(screen.getByTestId('where').textContent).toBe('/sosrdingList');
    expect(screen.queryByTestId('sos-alarm')).toBeNull();
    expect(sound.stop).toHaveBeenCalledTimes(1);
  });

  it('drops an SOS processed elsewhere from the queue', () => {
    renderAlarm();
    raise(raised(1));
    raise(raised(2));
    act(() =>
      dispatchLiveEvent({
        id: 2000,
        type: 'sos.processed',
        data: { id: 1, terminal_id: 41, org_id: 2, processor: 'Demo_Company', at: '2026-11-22T08:31:00Z' },
      }),
    );
    expect(screen.getByTestId('sos-alarm-name').textContent).toBe('Radio 2');
    expect(screen.queryByTestId('sos-alarm-count')).toBeNull();
    act(() =>
      dispatchLiveEvent({
        id: 2001,
        type: 'sos.processed',
        data: { id: 2, terminal_id: 42, org_id: 2, processor: 'Demo_Company', at: '2026-11-22T08:32:00Z' },
      }),
    );
    expect(screen.queryByTestId('sos-alarm')).toBeNull();
    expect(sound.stop).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['zh-Hant', 'SOS 緊急求救', '確認', '2 條 SOS 待確認'],
    ['zh-Hans', 'SOS 紧急求救', '确认', '2 条 SOS 待确认'],
  ] as const)('speaks %s', async (lang, title, ack, count) => {
    await changeLanguage(lang);
    renderAlarm();
    raise(raised(1));
    raise(raised(2));
    expect(screen.getByTestId('sos-alarm').textContent).toContain(title);
    expect(screen.getByTestId('sos-alarm-ack').textContent).toBe(ack);
    expect(screen.getByTestId('sos-alarm-count').textContent).toBe(count);
  });
});

describe('SOS alarm of an agent', () => {
  it('tells an agent in a banner with a short sound, leaving the screen usable; the company keeps the full screen', () => {
    signIn(0);
    renderAlarm();
    raise(raised(5));
    expect(screen.queryByTestId('sos-alarm')).toBeNull();
    expect(screen.getByTestId('sos-banner-text').textContent).toMatch(/^Radio 5 · Demo_Company · \d\d:\d\d$/);
    expect(sound.chime).toHaveBeenCalledTimes(1);
    expect(sound.start).not.toHaveBeenCalled();
    raise(raised(6));
    expect(screen.getByTestId('sos-banner').textContent).toContain('2 SOS waiting');
    expect(screen.getByTestId('sos-banner-text').textContent).toMatch(/^Radio 6/);
    fireEvent.click(screen.getByTestId('sos-banner-detail'));
    expect(screen.getByTestId('where').textContent).toBe('/sosDetail?id=6');
    expect(screen.queryByTestId('sos-banner')).toBeNull();
  });

  it('follows this phone’s setting: silent banner, or the full screen for an agent who wants it', () => {
    signIn(0);
    setSosAlarmStyle(0, 'silent');
    renderAlarm();
    raise(raised(7));
    expect(screen.getByTestId('sos-banner')).toBeTruthy();
    expect(sound.chime).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('sos-banner-close'));
    act(() => setSosAlarmStyle(0, 'screen'));
    raise(raised(8));
    expect(screen.getByTestId('sos-alarm')).toBeTruthy();
    expect(sound.start).toHaveBeenCalledTimes(1);
  });

  it('keeps the full-screen alarm for a company unless its phone chooses otherwise', () => {
    signIn(1);
    renderAlarm();
    raise(raised(9));
    expect(screen.getByTestId('sos-alarm')).toBeTruthy();
  });
});
