import { api, Code, Messages } from '@ptt/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOn, mockApi, signIn } from '../../../test/api-mock.ts';
import { pickDate } from '../../../test/date-picker.ts';
import { radio4 } from '../../../test/fixtures.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { RecordingRow } from './recording-row.tsx';

vi.mock('../../components/map/map-view.tsx', () => ({
  MapView: (props: { testId?: string; track?: unknown[]; markers?: { label?: string }[] }) => (
    <div data-testid={props.testId}>
      {props.track?.length} {props.markers?.map((m) => m.label).join(',')}
    </div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const recording = {
  id: 31,
  ...radio4,
  group_id: 5,
  group_name: 'Dispatch',
  started_at: '2026-11-22T08:30:00.000Z',
  duration: 3,
  content_type: 'audio/wav',
  size: 48044,
};

const page = (list: unknown[]) => ({ data: { list, total: list.length, page: 1, size: 20 } });

describe('recordings', () => {
  it('lists a user’s recordings with a player and a download, and clears the user filter', async () => {
    signIn(1);
    const fetch = mockApi({
      [api.recording.list.path]: (url) => page(url.searchParams.has('terminalId') ? [recording] : []),
      [api.terminal.detail.path]: (url) => {
        const id = Number(url.searchParams.get('id'));
        return { data: { id, name: `Radio ${id}`, ssid: `10000${id}` } };
      },
      [api.terminal.list.path]: page([{ id: 5, name: 'Radio 5', ssid: '100005' }]),
    });
    renderRoute('/recordingList?terminalId=4');
    await findPage('recording-list');
    const row = await screen.findByTestId('recording-row');
    expect(row.textContent).toContain('Dispatch');
    expect(row.textContent).toContain('3 s');
    const download = screen.getByTestId('recording-download').getAttribute('href') ?? '';
    expect(download).toContain(`${api.recording.download.path}?`);
    expect(new URL(download, 'http://localhost').searchParams.get('id')).toBe('31');
    expect(screen.getByTestId('player-progress').getAttribute('aria-valuemax')).toBe('3');
    expect(row.querySelector('audio')?.getAttribute('src')).toContain(api.recording.play.path);
    expect(await screen.findByText('User: Radio 4')).toBeTruthy();

    fireEvent.click(screen.getByTestId('recording-user'));
    fireEvent.click(await screen.findByTestId('check-none'));
    expect(await screen.findByText('No recordings')).toBeTruthy();
    expect(callsOn(fetch, api.recording.list.path).at(-1)?.searchParams.has('terminalId')).toBe(false);
    expect(screen.getByTestId('recording-user').textContent).toContain('All users');

    // The picker's search and rows choose a user again, by name on the chip.
    fireEvent.click(screen.getByTestId('recording-user'));
    fireEvent.click(await screen.findByTestId('check-100005'));
    await waitFor(() =>
      expect(callsOn(fetch, api.recording.list.path).at(-1)?.searchParams.get('terminalId')).toBe('5'),
    );
    expect(await screen.findByText('User: Radio 5')).toBeTruthy();
  });
});

describe('a recording’s length', () => {
  it('reads the same in its row and its player, whatever the file says', () => {
    render(<RecordingRow recording={{ ...recording, duration: 2.6 }} playing={false} onPlay={() => {}} />);
    const row = screen.getByTestId('recording-row');
    expect(row.textContent).toContain('3 s');
    expect(row.querySelector('.player__time')?.textContent).toBe('0:00 / 0:03');
    const audio = row.querySelector('audio') as HTMLAudioElement;
    Object.defineProperty(audio, 'duration', { value: 2.4 });
    fireEvent.loadedMetadata(audio);
    expect(row.querySelector('.player__time')?.textContent).toBe('0:00 / 0:03');
  });
});

describe('location track', { timeout: 20_000 }, () => {
  it('asks for the last 24 hours and draws the track with its start and end', async () => {
    signIn(1);
    const fetch = mockApi({
      [api.terminal.detail.path]: { data: { id: 4, name: 'Radio 4', ssid: '100004' } },
      [api.location.track.path]: {
        data: {
          points: [
            { lat: 22.31, lng: 114.17, time: '2026-11-22T08:00:00.000Z' },
            { lat: 22.32, lng: 114.17, time: '2026-11-22T08:05:00.000Z' },
          ],
          thinned: false,
        },
      },
    });
    renderRoute('/locationTrack?id=4');
    await findPage('location-track');
    expect((await screen.findByTestId('track-map')).textContent).toBe('2 Start,End');
    expect(screen.getByTestId('track-summary').textContent).toBe('2 positions');
    const asked = callsOn(fetch, api.location.track.path)[0]?.searchParams;
    const hours = (Date.parse(asked?.get('end') ?? '') - Date.parse(asked?.get('start') ?? '')) / 3_600_000;
    expect(Math.round(hours)).toBe(24);
  });

  it('refuses a range over 7 days before asking, and says when there is no track', async () => {
    signIn(1);
    const fetch = mockApi({
      [api.terminal.detail.path]: { data: { id: 4, name: 'Radio 4', ssid: '100004' } },
      [api.location.track.path]: { code: Code.notFound, msg: Messages.noLocationTrack },
    });
    renderRoute('/locationTrack?id=4');
    await findPage('location-track');
    expect(await screen.findByText('No location track')).toBeTruthy();
    await pickDate('track-from', '2026-11-01T08:00');
    await pickDate('track-to', '2026-11-10T08:00');
    fireEvent.click(screen.getByTestId('track-show'));
    expect(await screen.findByText(Messages.trackRangeMax.en)).toBeTruthy();
    // The message sits under the end; a new start makes it stale as well.
    await pickDate('track-from', '2026-11-05T08:00');
    expect(screen.queryByText(Messages.trackRangeMax.en)).toBeNull();
    await waitFor(() => expect(callsOn(fetch, api.location.track.path)).toHaveLength(1));
  });
});
