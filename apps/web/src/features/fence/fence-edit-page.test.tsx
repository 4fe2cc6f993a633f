import { api, Code, Messages } from '@ptt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/api-mock.ts';
import { pickDate } from '../../../test/date-picker.ts';
import { findPage, renderRoute } from '../../../test/render-route.tsx';
import { setTransportHooks } from '../../api/transport-hooks.ts';

// The map has its own tests; here each click on a stand-in is a tap one step further east.
vi.mock('../../components/map/map-view.tsx', () => {
  let step = 0;
  return {
    MapView: (props: { onTap?: (p: { lat: number; lng: number }) => void; testId?: string }) => (
      <button
        type="button"
        data-testid={props.testId}
        onClick={() => {
          step += 1;
          props.onTap?.({ lat: 22.3 + (step % 2) * 0.01, lng: 114.1 + step * 0.01 });
        }}
      >
        map
      </button>
    ),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  setTransportHooks({ toast: () => {} });
});

const posted = (spy: ReturnType<typeof mockApi>, path: string) =>
  spy.mock.calls.filter(([input]) => String(input).includes(path));

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

describe('fence form', { timeout: 20_000 }, () => {
  it('shows the contract’s messages under their fields and sends nothing', async () => {
    signIn(1);
    const spy = mockApi({});
    renderRoute('/fenceEdit');
    await findPage('fence-edit');
    fireEvent.click(screen.getByTestId('fence-save'));
    expect(await screen.findByText('Fence name: 1-15 characters')).toBeTruthy();
    expect(screen.getByText('Please select a trigger mode')).toBeTruthy();

    type('fence-name', 'A name far too long');
    fireEvent.click(screen.getByTestId('fence-trigger-1'));
    fireEvent.click(screen.getByTestId('fence-save'));
    expect(await screen.findByText('Fence name: 1-15 characters')).toBeTruthy();

    type('fence-name', 'Depot');
    fireEvent.click(screen.getByTestId('fence-save'));
    expect(await screen.findByText(/Please draw a circle or a polygon/)).toBeTruthy();
    expect(screen.queryByText('Fence name: 1-15 characters')).toBeNull();
    expect(posted(spy, api.fence.add.path)).toHaveLength(0);
  });

  it('asks for dates when the fence is not permanent', async () => {
    signIn(1);
    const spy = mockApi({});
    renderRoute('/fenceEdit');
    await findPage('fence-edit');
    type('fence-name', 'Depot');
    fireEvent.click(screen.getByTestId('fence-trigger-0'));
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByTestId('fence-draw-map'));
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByTestId('fence-save'));
    expect(
      await screen.findByText('Please choose a valid date range, or make the fence permanent'),
    ).toBeTruthy();
    expect(posted(spy, api.fence.add.path)).toHaveLength(0);
    // The dates come from pickers in the user's language; the message goes with the first one picked.
    await pickDate('fence-date-start', '2026-03-01');
    expect(screen.queryByText('Please choose a valid date range, or make the fence permanent')).toBeNull();
    expect(document.getElementById('fence-date-start')?.textContent).toBe('Mar 1, 2026');
    await pickDate('fence-date-end', '2026-03-31');
    fireEvent.click(screen.getByTestId('fence-save'));
    await waitFor(() => expect(posted(spy, api.fence.add.path)).toHaveLength(1));
    const sent = new URL(String(posted(spy, api.fence.add.path)[0][0]), 'http://localhost').searchParams;
    expect(sent.get('dateStart')).toBe('2026-03-01');
    expect(sent.get('dateEnd')).toBe('2026-03-31');
  });

  it('keeps everything typed and drawn when the server refuses a duplicated name', async () => {
    signIn(1);
    const toast = vi.fn();
    setTransportHooks({ toast });
    const spy = mockApi({
      [api.fence.add.path]: { code: Code.conflict, msg: Messages.fenceNameDuplicated },
    });
    renderRoute('/fenceEdit');
    await findPage('fence-edit');
    type('fence-name', 'Harbour');
    fireEvent.click(screen.getByTestId('fence-trigger-2'));
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByTestId('fence-draw-map'));
    fireEvent.click(screen.getByTestId('fence-undo'));
    expect(screen.getByTestId('fence-draw-hint').textContent).toMatch(/3 so far/);
    fireEvent.click(screen.getByTestId('fence-save'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('The fence name is duplicated, please modify it and try again.'),
    );
    expect(posted(spy, api.fence.add.path)).toHaveLength(1);
    const sent = new URL(String(posted(spy, api.fence.add.path)[0][0]), 'http://localhost').searchParams;
    expect(sent.get('name')).toBe('Harbour');
    expect(sent.get('trigger')).toBe('2');
    expect(sent.get('shape')).toBe('polygon');
    expect(sent.get('points')?.split(';')).toHaveLength(3);
    expect((document.getElementById('fence-name') as HTMLInputElement).value).toBe('Harbour');
    expect(screen.getByTestId('fence-trigger-2').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('fence-draw-hint').textContent).toMatch(/3 so far/);
  });

  it('opens a saved fence with its values and sends the changes to update, a circle with its radius', async () => {
    signIn(1);
    const fence = {
      id: 5,
      name: 'Depot',
      org_id: 3,
      org_name: 'Demo_Company',
      shape: 'polygon',
      trigger: 1,
      window_start: '08:00',
      window_end: '18:00',
      time_zone: 'Asia/Hong_Kong',
      permanent: false,
      date_start: '2026-01-01',
      date_end: '2026-12-31',
      keeper: null,
      member_count: 0,
      created_at: '2026-01-01T00:00:00Z',
      center: null,
      radius: null,
      points: [
        { lat: 22.3, lng: 114.1 },
        { lat: 22.31, lng: 114.1 },
        { lat: 22.31, lng: 114.11 },
      ],
    };
    const spy = mockApi({ [api.fence.detail.path]: { data: fence }, [api.fence.update.path]: {} });
    renderRoute('/fenceEdit?id=5');
    await findPage('fence-edit');
    await waitFor(() =>
      expect((document.getElementById('fence-name') as HTMLInputElement).value).toBe('Depot'),
    );
    // A 24-hour clock in every language: hour and minute, no AM/PM.
    expect((screen.getByTestId('fence-window-start-hour') as HTMLSelectElement).value).toBe('08');
    expect((screen.getByTestId('fence-window-start-minute') as HTMLSelectElement).value).toBe('00');
    expect((screen.getByTestId('fence-window-end-hour') as HTMLSelectElement).value).toBe('18');
    expect(document.querySelector('input[type=time]')).toBeNull();
    expect(document.getElementById('fence-date-end')?.dataset.value).toBe('2026-12-31');
    expect(document.getElementById('fence-date-end')?.textContent).toBe('Dec 31, 2026');
    expect(screen.getByTestId('fence-draw-hint').textContent).toMatch(/3 so far/);

    fireEvent.click(screen.getByTestId('fence-shape-circle'));
    expect(screen.getByTestId('fence-draw-hint').textContent).toBe('Tap the map to place the centre.');
    fireEvent.click(screen.getByTestId('fence-draw-map'));
    // Once placed, the hint says what comes next instead of asking again.
    expect(screen.getByTestId('fence-draw-hint').textContent).toBe(
      'Centre placed: tap the map to move it, and set the radius below.',
    );
    type('fence-radius', '5');
    fireEvent.click(screen.getByTestId('fence-save'));
    expect(await screen.findByText('Radius: 10 to 100000 metres')).toBeTruthy();
    type('fence-radius', '350');
    fireEvent.click(screen.getByTestId('fence-save'));
    await waitFor(() => expect(posted(spy, api.fence.update.path)).toHaveLength(1));
    const sent = new URL(String(posted(spy, api.fence.update.path)[0][0]), 'http://localhost').searchParams;
    expect(sent.get('id')).toBe('5');
    expect(sent.get('shape')).toBe('circle');
    expect(sent.get('radius')).toBe('350');
    expect(sent.get('center')).toMatch(/^22\.\d+,114\.\d+$/);
    expect(sent.get('permanent')).toBe('0');
    expect(sent.get('dateStart')).toBe('2026-01-01');
    expect(sent.get('trigger')).toBe('1');
    // A saved fence opens its detail page; the test ends once it shows, not while it is still rendering.
    await findPage('fence-detail');
    expect((await screen.findByTestId('fence-name')).textContent).toBe('Depot');
  });
});
