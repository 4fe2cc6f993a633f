import { Limits } from '@ptt/contract';
import type { ComponentType } from 'react';

/** A route chunk that has not arrived after SPEC §9's chunk timeout fails, so the error page can offer a reload. */
const withTimeout = <T>(promise: Promise<T>): Promise<T> =>
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

/** `lazy` of a route whose module exports its page as `Component`. */
export const lazyPage =
  (load: () => Promise<{ Component: ComponentType }>) => async (): Promise<{ Component: ComponentType }> => {
    const module = await withTimeout(load());
    return { Component: module.Component };
  };
