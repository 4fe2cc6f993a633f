/**
 * The browser's side of Web Push: whether this browser can receive pushes, and its subscription
 * through the service worker's pushManager. Only the app's own service worker (src/sw.ts) shows them.
 */

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** A VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** The service worker's registration, or null while none is active (no wait: the switch must not hang). */
const registration = async (): Promise<ServiceWorkerRegistration | null> =>
  (await navigator.serviceWorker.getRegistration('/')) ?? null;

export const currentSubscription = async (): Promise<PushSubscription | null> =>
  (await (await registration())?.pushManager.getSubscription()) ?? null;

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the server stores of a subscription, or null when the browser gave no keys. */
export const keysOf = (subscription: PushSubscription): SubscriptionKeys | null => {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null;
  return { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
};

export type SubscribeOutcome =
  | { ok: true; keys: SubscriptionKeys }
  | { ok: false; reason: 'denied' | 'failed' };

/** Asks for permission, then subscribes this browser with the server's key. */
export async function subscribePush(vapidKey: string): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  try {
    const ready = (await registration()) ?? (await navigator.serviceWorker.ready);
    const subscription = await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapidKey),
    });
    const keys = keysOf(subscription);
    return keys ? { ok: true, keys } : { ok: false, reason: 'failed' };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/** Drops this browser's subscription, if any (at logout). Never fails. */
export async function forgetPushSubscription(): Promise<void> {
  if (!pushSupported()) return;
  try {
    await (await currentSubscription())?.unsubscribe();
  } catch {
    // Nothing to undo: the server no longer sends to it either way.
  }
}
