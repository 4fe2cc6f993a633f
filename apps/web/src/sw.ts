/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The service worker: precaches the built app so it opens without a network, answers every page
 * address with the cached index.html (the app routes on the client), and shows SOS and fence alarms
 * pushed by the server. Calls to the API (/v1, /device) and the API docs pass by untouched: only the
 * build's own files are ever cached.
 */

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/v1\//, /^\/device\//, /^\/docs(\/|$)/],
  }),
);

/** What the server pushes (modules/push: alarmPayload). */
interface AlarmPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

const readPayload = (event: PushEvent): AlarmPayload | null => {
  try {
    const data = event.data?.json() as Partial<AlarmPayload> | undefined;
    if (!data || typeof data.title !== 'string') return null;
    return {
      title: data.title,
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' ? data.url : '/home',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
    };
  } catch {
    return null;
  }
};

/** The options Chromium and Firefox take; `vibrate` is missing from TypeScript's own type. */
type AlarmOptions = NotificationOptions & { vibrate?: number[] };

self.addEventListener('push', (event) => {
  const alarm = readPayload(event);
  if (!alarm) return;
  const options: AlarmOptions = {
    body: alarm.body,
    tag: alarm.tag,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    // An alarm stays on screen until someone acts on it, and the phone buzzes for it.
    requireInteraction: true,
    vibrate: [300, 100, 300, 100, 300],
    data: { url: alarm.url },
  };
  event.waitUntil(self.registration.showNotification(alarm.title, options));
});

/** Only the app's own pages are opened from a notification, whatever its data says. */
const pageOf = (data: unknown): string => {
  const raw = (data as { url?: unknown } | null)?.url;
  const url = new URL(typeof raw === 'string' ? raw : '/home', self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/home', self.location.origin).href;
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = pageOf(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        const focused = await open.focus();
        await focused.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
