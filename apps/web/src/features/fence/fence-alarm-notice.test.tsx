import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/api-mock.ts';
import { dispatchLiveEvent } from '../../api/live-events.ts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { clearLoginInfo } from '../../lib/storage.ts';
import { FenceAlarmStyleSelect } from '../profile/alarm-style-select.tsx';
import { FenceAlarmNotice } from './fence-alarm-notice.tsx';

const sound = vi.hoisted(() => ({ chime: vi.fn() }));
vi.mock('../../lib/alarm-sound.ts', () => ({ chime: () => sound.chime(), startAlarm: () => () => {} }));

let next = 1;
/** A fence alarm of a customer's radio arriving on the stream. */
const cross = () => {
  const id = next++;
  act(() =>
    dispatchLiveEvent({
      id: 500 + id,
      type: 'fence.alarm',
      data: {
        record_id: id,
        fence_id: 3,
        fence_name: 'Depot',
        terminal_id: 40,
        terminal_name: `Radio ${id}`,
        trigger: 1,
        lat: 22.3,
        lng: 114.2,
        org_id: 2,
        at: '2026-11-22T08:30:00.000Z',
      },
    }),
  );
};

/** The alarm layer and, as on /main, this phone's fence alarm setting. */
const renderWithSetting = () =>
  render(
    <MemoryRouter>
      <FenceAlarmNotice />
      <FenceAlarmStyleSelect />
    </MemoryRouter>,
  );

const choose = (style: string) =>
  fireEvent.change(screen.getByTestId('fence-alarm-style-select'), { target: { value: style } });

beforeEach(() => sound.chime.mockClear());
afterEach(() => {
  clearLoginInfo();
  localStorage.clear();
  return changeLanguage('en');
});

describe('fence alarm on this phone', () => {
  it('rings a banner for a company by default', () => {
    signIn(1);
    renderWithSetting();
    expect((screen.getByTestId('fence-alarm-style-select') as HTMLSelectElement).value).toBe('banner');
    cross();
    expect(screen.getByTestId('fence-alarm').textContent).toContain('Depot');
    expect(sound.chime).toHaveBeenCalledTimes(1);
  });

  it('leaves an agent undisturbed by its customers’ crossings until it asks for them', () => {
    signIn(0);
    renderWithSetting();
    expect(screen.getByTestId('fence-alarm-style').textContent).toContain('Fence alarms on this phone');
    cross();
    expect(screen.queryByTestId('fence-alarm')).toBeNull();
    expect(sound.chime).not.toHaveBeenCalled();

    choose('silent');
    cross();
    expect(screen.getByTestId('fence-alarm')).toBeTruthy();
    expect(sound.chime).not.toHaveBeenCalled();

    choose('banner');
    cross();
    expect(sound.chime).toHaveBeenCalledTimes(1);
  });

  it('lets a company turn them off, and says where they still are, in each language', async () => {
    signIn(1);
    renderWithSetting();
    choose('off');
    cross();
    expect(screen.queryByTestId('fence-alarm')).toBeNull();
    expect(sound.chime).not.toHaveBeenCalled();
    await act(() => changeLanguage('zh-Hant'));
    expect(screen.getByTestId('fence-alarm-style').textContent).toContain('不提示（可在圍欄記錄中查看）');
    await act(() => changeLanguage('zh-Hans'));
    expect(screen.getByTestId('fence-alarm-style').textContent).toContain('本机围栏告警方式');
  });
});
