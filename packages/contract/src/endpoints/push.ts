import { z } from 'zod';
import { Languages } from '../enums.ts';
import { once } from '../lazy.ts';
import { empty, endpoint } from './define.ts';

/**
 * A push service's endpoint as a browser's PushSubscription gives it. Only https: the server posts every
 * alarm to it, so a plain-http or odd-scheme address is refused before it is stored.
 */
const pushEndpoint = once(() =>
  z
    .string({ error: 'pushSubscription' })
    .max(1024, 'pushSubscription')
    .refine((v) => {
      try {
        const url = new URL(v);
        return url.protocol === 'https:' && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, 'pushSubscription'),
);

/** A key of the subscription in base64url (RFC 8291): p256dh is a 65-byte point, auth 16 bytes. */
const base64url = (min: number, max: number) =>
  z
    .string({ error: 'pushSubscription' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'pushSubscription')
    .min(min, 'pushSubscription')
    .max(max, 'pushSubscription');

export const push = {
  key: endpoint({
    method: 'GET',
    path: '/v1/push/key',
    access: 'any',
    summary: 'The VAPID public key (base64url) browsers subscribe with, or null when push is not configured',
    params: empty,
    data: () => z.string().nullable(),
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/v1/push/subscribe',
    access: 'any',
    summary:
      "Send SOS and fence alarms to this browser's push subscription (endpoint, p256dh, auth) in lang " +
      '(en, cn, cn2); one subscription per endpoint, the last account to subscribe it owns it',
    params: () =>
      z.object({
        endpoint: pushEndpoint(),
        p256dh: base64url(80, 100),
        auth: base64url(16, 32),
        lang: z.enum(Languages, { error: 'invalidParams' }).default('en'),
      }),
    data: () => z.null(),
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/v1/push/unsubscribe',
    access: 'any',
    summary: "Stop alarms to a push endpoint of the caller's own (another account's is left alone)",
    params: () => z.object({ endpoint: pushEndpoint() }),
    data: () => z.null(),
  }),
};
