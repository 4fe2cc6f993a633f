import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setOffline } from '../api/network-state.ts';
import { OfflineState } from './offline.tsx';

afterEach(() => setOffline(false));

describe('the offline notice', () => {
  it('shows while the app is offline and goes when it is back online', async () => {
    render(<OfflineState />);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    act(() => setOffline(true));
    expect((await screen.findByTestId('offline-notice')).textContent).toContain('You are offline');
    act(() => window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });
});
