import {
  type api,
  isPublicPushEndpoint,
  type Lang,
  Languages,
  Limits,
  type MessageKey,
  Messages,
  type ParsedParamsOf,
} from '@ptt/contract';
import webpush from 'web-push';
import type { Conn, Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { Caller } from '../../http/caller.ts';
import * as throttle from '../../lib/rate-limit.ts';
import { type PushNetwork, publicAddressOf, systemNetwork } from './network.ts';
import * as repo from './repository.ts';

/**
 * Web Push of SOS and fence alarms, and of the daily reminders, to the browsers that asked for them. This
 * module imports no other module: auth calls it at logout, the live events call `sendAlarm` for each new
 * alarm and the reminder run `sendToAgent`.
 */

type PushConfig = Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;

/** The VAPID public key browsers subscribe with, or null when push is not configured. */
export const publicKey = (config: PushConfig): string | null => config.VAPID_PUBLIC_KEY || null;

/** A phone subscribes once per sign-in or so; a loop filling the table stops after 60 an hour. */
const perAccount = (c: Caller): throttle.Limit => ({
  key: `push-subscribe:${c.role}:${c.id}`,
  max: 60,
  windowSeconds: 3600,
});

export async function subscribe(
  db: Db,
  caller: Caller,
  p: ParsedParamsOf<typeof api.push.subscribe>,
  userAgent: string,
) {
  await throttle.take(db, perAccount(caller));
  await db.transaction(async (tx) => {
    await repo.upsertSubscription(tx, {
      role: caller.role,
      accountId: caller.id,
      sessionId: caller.sessionId,
      endpoint: p.endpoint,
      p256dh: p.p256dh,
      auth: p.auth,
      lang: p.lang,
      userAgent: userAgent.slice(0, 300),
    });
    await repo.trimAccount(tx, caller.role, caller.id, Limits.pushPerAccount);
  });
  return null;
}

/** The caller changed its password: the subscriptions of its other sessions (which end) go with them. */
export const removeOtherSessions = (db: Conn, caller: Caller) =>
  repo.deleteOtherSessions(db, caller.role, caller.id, caller.sessionId);

export async function unsubscribe(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.push.unsubscribe>) {
  await repo.deleteOwnSubscription(db, caller.role, caller.id, p.endpoint);
  return null;
}

/** Every subscription of an account ends with its sign-out: a phone left behind gets no more alarms. */
export const removeAccount = async (db: Conn, role: number, accountId: number) => {
  await repo.deleteAccountSubscriptions(db, role, accountId);
};

/**
 * A new alarm among the live events, with the event's data (the live protocol's `sos.raised` and
 * `fence.alarm`; only the fields the notification shows are read).
 */
export type AlarmEvent = { id: number; orgId: number; agentPath: string } & (
  | { type: 'sos.raised'; data: { id: number; terminal_name: string; org_name: string } }
  | {
      type: 'fence.alarm';
      data: { fence_id: number; fence_name: string; terminal_name: string; trigger: number };
    }
);

/** What a push carries; the service worker shows it and opens `url` when it is tapped. */
export interface AlarmPayload {
  title: string;
  body: string;
  url: string;
  /** One notification per event: a second delivery of the same event replaces the first. */
  tag: string;
}

const fenceBodies: MessageKey[] = ['pushFenceEnter', 'pushFenceLeave', 'pushFenceNoExit', 'pushFenceNoEntry'];

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export function alarmPayload(event: AlarmEvent, lang: Lang): AlarmPayload {
  const tag = `${event.type}:${event.id}`;
  if (event.type === 'sos.raised') {
    const values = { terminal: event.data.terminal_name, company: event.data.org_name };
    return {
      title: Messages.pushSosTitle[lang],
      body: fill(Messages.pushSosBody[lang], values),
      url: `/sosDetail?id=${event.data.id}`,
      tag,
    };
  }
  const values = { terminal: event.data.terminal_name, fence: event.data.fence_name };
  const body = fenceBodies[event.data.trigger] ?? 'pushFenceEnter';
  return {
    title: Messages.pushFenceTitle[lang],
    body: fill(Messages[body][lang], values),
    url: `/fencerecord?id=${event.data.fence_id}`,
    tag,
  };
}

export const languageOf = (lang: string): Lang =>
  (Languages as readonly string[]).includes(lang) ? (lang as Lang) : 'en';

/** How long a push service keeps an alarm for a phone that is off: after an hour it is old news. */
const alarmTtlSeconds = 3600;

export interface AlarmResult {
  /** False when another call (this instance or another) had already claimed the event. */
  claimed: boolean;
  sent: number;
  /** Subscriptions the push service no longer knows (404/410), deleted. */
  removed: number;
  failed: number;
}

/**
 * Pushes an alarm to the subscriptions of the accounts that see it, once across every instance: the
 * event's id is claimed first (push_sent), and only the caller that claimed it sends. At most once: a
 * send cut short by a crash is not retried, the alarm stays in the app's lists.
 */
export async function sendAlarm(
  db: Conn,
  config: PushConfig,
  event: AlarmEvent,
  network: PushNetwork = systemNetwork,
): Promise<AlarmResult> {
  const result: AlarmResult = { claimed: false, sent: 0, removed: 0, failed: 0 };
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) return result;
  if (!(await repo.claimEvent(db, event.id))) return result;
  result.claimed = true;
  const targets = await repo.recipients(db, event.orgId, event.agentPath);
  const options = { TTL: alarmTtlSeconds, urgency: 'high' } as const;
  const sent = await pushEach(db, config, targets, (lang) => alarmPayload(event, lang), options, network);
  return { ...result, ...sent };
}

/** How long a push service keeps a reminder for a phone that is off: it is still news the same day. */
const reminderTtlSeconds = 24 * 3600;

export type DeliveryResult = Omit<AlarmResult, 'claimed'>;

/**
 * Pushes a message to the devices an agent subscribed (under sessions that still hold), each in its
 * subscription's language: the daily reminders. The caller sends it once (after the run that wrote it).
 */
export async function sendToAgent(
  db: Conn,
  config: PushConfig,
  agentId: number,
  payload: (lang: Lang) => AlarmPayload,
  network: PushNetwork = systemNetwork,
): Promise<DeliveryResult> {
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) return { sent: 0, removed: 0, failed: 0 };
  const targets = await repo.agentRecipients(db, agentId);
  const options = { TTL: reminderTtlSeconds, urgency: 'normal' } as const;
  return pushEach(db, config, targets, payload, options, network);
}

type Target = Awaited<ReturnType<typeof repo.recipients>>[number];

/**
 * Signs, encrypts and posts one message to each subscription; a subscription that never names a push
 * service, whose keys cannot be encrypted to or that its push service no longer knows is deleted.
 */
async function pushEach(
  db: Conn,
  config: PushConfig,
  targets: Target[],
  payloadOf: (lang: Lang) => AlarmPayload,
  { TTL, urgency }: { TTL: number; urgency: 'high' | 'normal' },
  network: PushNetwork,
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, removed: 0, failed: 0 };
  const vapidDetails = {
    subject: config.VAPID_SUBJECT,
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
  };
  await Promise.all(
    targets.map(async (s) => {
      if (!isPublicPushEndpoint(s.endpoint)) {
        // Stored before the rule: it never names a push service, and goes.
        await repo.deleteSubscription(db, s.id);
        result.removed++;
        return;
      }
      const payload = JSON.stringify(payloadOf(languageOf(s.lang)));
      const options = { vapidDetails, TTL, urgency, contentEncoding: 'aes128gcm' } as const;
      let request: webpush.RequestDetails;
      try {
        const keys = { p256dh: s.p256dh, auth: s.auth };
        request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys }, payload, options);
      } catch {
        // Keys that are not a P-256 point cannot be encrypted to, now or later: the subscription goes.
        await repo.deleteSubscription(db, s.id);
        result.removed++;
        return;
      }
      const status = await deliver(network, request);
      if (status >= 200 && status < 300) result.sent++;
      else if (status === 404 || status === 410) {
        await repo.deleteSubscription(db, s.id);
        result.removed++;
      } else result.failed++;
    }),
  );
  return result;
}

/**
 * Posts one push message web-push has signed (VAPID) and encrypted (RFC 8291); the status it got, 0 when
 * it got none or the endpoint's name resolves to an inner address now: nothing is sent to such an
 * address.
 */
async function deliver(network: PushNetwork, request: webpush.RequestDetails): Promise<number> {
  const url = new URL(request.endpoint);
  const to = await publicAddressOf(network, url.hostname);
  if (!to) return 0;
  try {
    return await network.post(url, to, request);
  } catch {
    return 0;
  }
}

/** A new VAPID key pair for the operator's configuration (npm run ptt -- push:vapid). */
export const newVapidKeys = () => webpush.generateVAPIDKeys();

/** Forgets the claims of events older than the live events' retention (the sweeper calls it). */
export const pruneClaims = (db: Conn, retentionHours: number) =>
  repo.deleteClaimsBefore(db, new Date(Date.now() - retentionHours * 3_600_000));

/** The language of each account's newest subscription (role 0 agents, 1 companies); none when it has none. */
export async function languagesOf(db: Conn, role: number, accountIds: number[]): Promise<Map<number, Lang>> {
  const found = new Map<number, Lang>();
  for (const row of await repo.accountLanguages(db, role, accountIds))
    if (!found.has(row.accountId)) found.set(row.accountId, languageOf(row.lang));
  return found;
}
