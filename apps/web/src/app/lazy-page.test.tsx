import { api, Limits } from '@ptt/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { resetFirstInput } from '../lib/first-input.ts';
import { lazyPage, preloadPage } from './lazy-page.tsx';
import { RootLayout } from './root-layout.tsx';

type PageModule = { Component: ComponentType };

const Start = () => (
  <main data-testid="start">
    <Link to="/next">next</Link>
  </main>
);
const Next = () => <main data-testid="next">arrived</main>;

/** The root layout with a start page and one lazy page at /next, loaded by `load`. */
const renderWith = (load: () => Promise<PageModule>) =>
  render(
    <MemoryRouter initialEntries={['/start']}>
      <Link to="/start">back to start</Link>
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/start" element={<Start />} />
          <Route path="/next" element={lazyPage(load)} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

const progressBar = () => document.querySelector('.nav-progress');

beforeEach(() => {
  mockApi({ [api.auth.getAppInfo.path]: { data: null } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('lazy pages', () => {
  it('keep the page being left on screen with a progress bar until the next page’s chunk is in', async () => {
    let arrive: (module: PageModule) => void = () => {};
    renderWith(() => new Promise<PageModule>((resolve) => (arrive = resolve)));
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(progressBar()).not.toBeNull());
    expect(screen.getByTestId('start')).toBeTruthy();
    await act(async () => arrive({ Component: Next }));
    expect(await screen.findByTestId('next')).toBeTruthy();
    expect(screen.queryByTestId('start')).toBeNull();
    expect(progressBar()).toBeNull();
  });

  it('show the error page with a reload button when a chunk fails to load, and leave it on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWith(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    fireEvent.click(screen.getByText('next'));
    expect((await screen.findByRole('alert')).textContent).toContain('The page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(progressBar()).toBeNull();
    fireEvent.click(screen.getByText('back to start'));
    expect(await screen.findByTestId('start')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('give up on a chunk that has not arrived after the chunk timeout (SPEC §9)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWith(() => new Promise<PageModule>(() => {}));
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(progressBar()).not.toBeNull());
    await act(async () => vi.advanceTimersByTime(Limits.chunkLoadTimeoutMs - 1_000));
    expect(screen.getByTestId('start')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1_000));
    expect((await screen.findByRole('alert')).textContent).toContain('The page could not be loaded');
  });

  it('load a preloaded page’s chunk once: rendering it uses the load already on its way', async () => {
    const load = vi.fn(async () => ({ Component: Next }));
    const element = lazyPage(load);
    preloadPage(element);
    preloadPage(<Start />);
    expect(load).toHaveBeenCalledTimes(1);
    render(<MemoryRouter>{element}</MemoryRouter>);
    expect(await screen.findByTestId('next')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('load what a page’s interactions need on the visitor’s first input, not with the page', async () => {
    resetFirstInput();
    const warm = vi.fn(async () => undefined);
    render(<MemoryRouter>{lazyPage(async () => ({ Component: Next, warm }))}</MemoryRouter>);
    expect(await screen.findByTestId('next')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warm).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByTestId('next'));
    fireEvent.keyDown(screen.getByTestId('next'));
    expect(warm).toHaveBeenCalledTimes(1);
    // A page that arrives after the first input warms at once.
    const later = vi.fn(async () => undefined);
    render(<MemoryRouter>{lazyPage(async () => ({ Component: Start, warm: later }))}</MemoryRouter>);
    expect(await screen.findByTestId('start')).toBeTruthy();
    expect(later).toHaveBeenCalledTimes(1);
  });
});
