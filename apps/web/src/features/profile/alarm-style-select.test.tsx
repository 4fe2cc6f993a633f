import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/api-mock.ts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { clearLoginInfo } from '../../lib/storage.ts';
import { FenceAlarmStyleSelect } from './alarm-style-select.tsx';

const select = () => screen.getByTestId('fence-alarm-style-select') as HTMLSelectElement;

afterEach(() => {
  clearLoginInfo();
  localStorage.clear();
  return changeLanguage('en');
});

describe('the fence alarm setting on /main', () => {
  it('starts off for an agent and on for a company, and keeps what the phone chooses', () => {
    signIn(0);
    const view = render(<FenceAlarmStyleSelect />);
    expect(screen.getByTestId('fence-alarm-style').textContent).toContain('Fence alarms on this phone');
    expect(select().value).toBe('off');
    expect([...select().options].map((o) => o.text)).toEqual([
      'Banner with a short sound',
      'Banner, no sound',
      'Not shown (see the fence records)',
    ]);
    fireEvent.change(select(), { target: { value: 'banner' } });
    expect(select().value).toBe('banner');
    view.unmount();

    signIn(1);
    render(<FenceAlarmStyleSelect />);
    expect(select().value).toBe('banner');
  });

  it('speaks both Chinese scripts', async () => {
    signIn(0);
    render(<FenceAlarmStyleSelect />);
    await act(() => changeLanguage('zh-Hant'));
    expect(screen.getByTestId('fence-alarm-style').textContent).toContain('本機圍欄告警方式');
    expect(select().selectedOptions[0]?.text).toBe('不提示（可在圍欄記錄中查看）');
    await act(() => changeLanguage('zh-Hans'));
    expect(screen.getByTestId('fence-alarm-style').textContent).toContain('本机围栏告警方式');
  });
});
