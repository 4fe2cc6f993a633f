import { useSyncExternalStore } from 'react';

/**
 * Whether the app is offline: the browser says so, or the last call got no answer at all. The transport
 * sets it (a call that gets any answer clears it); the root layout shows the offline notice from it.
 */
let offline = typeof navigator !== 'undefined' && navigator.onLine === false;
const listeners = new Set<() => void>();

export const isOffline = (): boolean => offline;

export const setOffline = (value: boolean): void => {
  if (offline === value) return;
  offline = value;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setOffline(false));
  window.addEventListener('offline', () => setOffline(true));
}

export const useOffline = (): boolean => useSyncExternalStore(subscribe, isOffline, isOffline);
