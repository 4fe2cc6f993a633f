import { preloadOfflineNotice } from './offline.tsx';

/**
 * Registers the service worker (built from src/sw.ts) for the whole site. Loaded only once the page has
 * loaded and the browser is idle (main.tsx), so a first visit's JavaScript and paint do not carry it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  preloadOfflineNotice();
}
