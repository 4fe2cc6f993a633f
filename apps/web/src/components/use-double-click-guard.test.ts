import { Limits } from '@ptt/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useDoubleClickGuard } from './use-double-click-guard.ts';

afterEach(() => {
  vi.useRealTimers();
});

it('ignores clicks for 2 000 ms after one went through', () => {
  vi.useFakeTimers();
  const action = vi.fn();
  const { result } = renderHook(() => useDoubleClickGuard());
  act(() => {
    const run = result.current.guard(action);
    run();
    run();
  });
  expect(action).toHaveBeenCalledTimes(1);
  expect(result.current.locked).toBe(true);
  act(() => vi.advanceTimersByTime(Limits.doubleClickGuardMs - 1));
  act(() => result.current.guard(action)());
  expect(action).toHaveBeenCalledTimes(1);
  act(() => vi.advanceTimersByTime(1));
  expect(result.current.locked).toBe(false);
  act(() => result.current.guard(action)());
  expect(action).toHaveBeenCalledTimes(2);
});
