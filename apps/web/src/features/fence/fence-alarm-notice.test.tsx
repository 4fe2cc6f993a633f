import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/api-mock.ts';
import { dispatchLiveEvent } from '../../api/live-events.ts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { type FenceAlarmStyle, setFenceAlarmStyle } from '../../lib/alarm-style.ts';
import { clearLoginInfo, getLoginInfo } from '../../lib/storage.ts';
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

/** The alarm layer of every signed-in screen. */
const renderWithSetting = () =>
  render(
    <MemoryRouter>
      <FenceAlarmNotice />
    </MemoryRouter>,
  );

/** This phone's choice, as /main's setting makes it (its own test is the profile's). */
const choose = (style: FenceAlarmStyle) => act(() => setFenceAlarmStyle(getLoginInfo()?.role ?? 1, style));

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
    cross();
    expect(screen.getByTestId('fence-alarm').textContent).toContain('Depot');
    expect(sound.chime).toHaveBeenCalledTimes(1);
  });

  it('leaves an agent undisturbed by its customers’ crossings until it asks for them', () => {
    signIn(0);
    renderWithSetting();
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

  it('lets a company turn them off', () => {
    signIn(1);
    renderWithSetting();
    choose('off');
    cross();
    expect(screen.queryByTestId('fence-alarm')).toBeNull();
    expect(sound.chime).not.toHaveBeenCalled();
  });
});
