import { useEffect, useSyncExternalStore } from 'react';
import type { AppInfo } from './types.ts';

/**
 * Branding (GET /v1/auth/getAppInfo) is needed by the login page before TanStack Query is loaded and by
 * the page title everywhere, so it is a tiny store fetched once per page load.
 */
let info: AppInfo | null = null;
let pending: Promise<AppInfo | null> | null = null;
const listeners = new Set<() => void>();

export const loadAppInfo = (): Promise<AppInfo | null> => {
  pending ??= import('./fetch-app-info.ts')
    .then(({ fetchAppInfo }) => fetchAppInfo())
    .then(
      (value) => {
        info = value;
        for (const listener of listeners) listener();
        return value;
      },
      () => {
        // Let a later screen try again; the client has already told the user.
        pending = null;
        return null;
      },
    );
  return pending;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The platform look, or null until it has loaded. */
export const useAppInfo = (): AppInfo | null => {
  useEffect(() => {
    void loadAppInfo();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => info,
    () => null,
  );
};

/** Tests start from an empty store. */
export const resetAppInfo = (): void => {
  info = null;
  pending = null;
};
