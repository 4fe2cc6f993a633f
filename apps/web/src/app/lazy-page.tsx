import { Limits } from '@ptt/contract';
import { type ComponentType, lazy, type ReactElement, useSyncExternalStore } from 'react';

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

export const useChunkLoading = (): boolean => useSyncExternalStore(subscribe, () => loading > 0);

/** The element of a route whose module exports its page as `Component`, loaded on first render. */
export const lazyPage = (load: () => Promise<{ Component: ComponentType }>): ReactElement => {
  const Page = lazy(async () => {
    setLoading(1);
    try {
      return { default: (await withTimeout(load())).Component };
    } finally {
      setLoading(-1);
    }
  });
  return <Page />;
};
