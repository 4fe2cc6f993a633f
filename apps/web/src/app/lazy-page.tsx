import { Limits } from '@ptt/contract';
import { type ComponentType, type ReactElement, type ReactNode, useSyncExternalStore } from 'react';
import { onFirstInput } from '../lib/first-input.ts';
import { lazyComponent } from '../lib/lazy-component.tsx';

/** A route chunk that has not arrived after SPEC §9's chunk timeout fails, so the error page can offer a reload. */
const withTimeout = <T,>(promise: Promise<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chunk load timed out')), Limits.chunkLoadTimeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

// How many page chunks are on their way: the root layout shows a progress bar meanwhile, while the
// page the user is leaving stays on screen (navigations are transitions).
let loading = 0;
const listeners = new Set<() => void>();
const setLoading = (delta: number) => {
  loading += delta;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a page chunk is on its way; never while prerendering (nothing loads then). */
export const useChunkLoading = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );

const loaders = new WeakMap<ReactNode & object, () => Promise<unknown>>();

/** What a route's module exports. */
export interface PageModule {
  Component: ComponentType;
  /** What the page's first render needs beyond its chunk (the home's half for the role). */
  preload?: () => Promise<unknown>;
  /** What only the visitor's interactions need (the login's calls and validation): loaded on the first
   * input, not with the page. */
  warm?: () => Promise<unknown>;
}

/** The element of a route whose module exports its page as `Component`, loaded on first render. */
export const lazyPage = (load: () => Promise<PageModule>): ReactElement => {
  const { element, load: start } = lazyComponent(async () => {
    setLoading(1);
    try {
      const page = await withTimeout(load());
      await page.preload?.();
      const { warm } = page;
      // A failure shows when the interaction asks for the same module.
      if (warm) onFirstInput(() => void warm().catch(() => undefined));
      return page.Component;
    } finally {
      setLoading(-1);
    }
  });
  loaders.set(element, start);
  return element;
};

/** Starts loading a lazy page's chunk before it renders; resolves when it is in (or has failed). */
export const preloadPage = (element: ReactNode): Promise<unknown> => {
  const start = typeof element === 'object' && element !== null ? loaders.get(element) : undefined;
  // A failure shows when the page renders and React asks for the same chunk.
  return start ? start().catch(() => undefined) : Promise.resolve();
};
