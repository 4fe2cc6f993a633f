import { z } from 'zod';
import { Languages } from '../enums.ts';
import { once } from '../lazy.ts';
import { empty, endpoint } from './define.ts';

/** Host names that never name a public push service: this machine, its network, reserved suffixes. */
const privateName =
  /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa|test|invalid|example)$/;

/**
 * Whether a push endpoint may be posted to: https on the default port, no credentials, and a public DNS
 * name (at least two labels, none of the private suffixes). Address literals are refused in every
 * spelling, since the URL parser reads 2130706433, 0x7f000001 and 0177.0.0.1 as the dotted address;
 * every push service is named by DNS. The server checks the addresses the name resolves to again when
 * it sends.
 */
export const isPublicPushEndpoint = (value: string): boolean => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '')
    return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return false;
  return host.includes('.') && !privateName.test(host);
};

/** A push service's endpoint as a browser's PushSubscription gives it, refused unless public (above). */
const pushEndpoint = once(() =>
  z
    .string({ error: 'pushSubscription' })
    .max(1024, 'pushSubscription')
    .refine(isPublicPushEndpoint, 'pushSubscription'),
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
      '(en, cn, cn2); one subscription per account and endpoint, bound to the calling session; an account ' +
      'keeps its newest subscriptions up to Limits.pushPerAccount',
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
