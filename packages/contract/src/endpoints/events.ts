import { z } from 'zod';
import { once } from '../lazy.ts';
import { digits, id } from '../rules.ts';
import { endpoint, optional } from './define.ts';

/** The kinds of live event the stream carries, as its `event:` field names them. */
export const LiveEventTypes = [
  'sos.raised',
  'sos.processed',
  'fence.alarm',
  'terminal.online',
  'terminal.offline',
  'position',
] as const;
export type LiveEventType = (typeof LiveEventTypes)[number];

/** Every event's data names its company and when it happened (ISO 8601). */
const base = () => z.object({ org_id: z.number(), at: z.string() });

/** The data of each event type, snake_case as the rest of the API. */
export const liveEventData = {
  'sos.raised': once(() =>
    base().extend({
      id: z.number(),
      terminal_id: z.number(),
      terminal_name: z.string(),
      ssid: z.string(),
      org_name: z.string(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    }),
  ),
  'sos.processed': once(() =>
    base().extend({ id: z.number(), terminal_id: z.number(), processor: z.string() }),
  ),
  'fence.alarm': once(() =>
    base().extend({
      record_id: z.number(),
      fence_id: z.number(),
      fence_name: z.string(),
      terminal_id: z.number(),
      terminal_name: z.string(),
      /** The fence record's kind as stored: the fence's trigger mode (fenceTrigger). */
      trigger: z.number(),
      lat: z.number(),
      lng: z.number(),
    }),
  ),
  'terminal.online': once(() => base().extend({ terminal_id: z.number() })),
  'terminal.offline': once(() => base().extend({ terminal_id: z.number() })),
  position: once(() =>
    base().extend({
      terminal_id: z.number(),
      lat: z.number(),
      lng: z.number(),
      speed: z.number().nullable(),
    }),
  ),
} satisfies Record<LiveEventType, () => z.ZodType>;

export type LiveEventDataOf<T extends LiveEventType> = z.output<ReturnType<(typeof liveEventData)[T]>>;

/** One message of the stream: its id (the `id:` field, increasing), its type and its data. */
export type LiveEvent = {
  [T in LiveEventType]: { id: number; type: T; data: LiveEventDataOf<T> };
}[LiveEventType];

export const isLiveEventType = (v: string): v is LiveEventType =>
  (LiveEventTypes as readonly string[]).includes(v);

/**
 * Reads one message as received (`event:` and `data:` fields), or undefined when its type is unknown
 * or its data does not match, so a client ignores what a newer server may add.
 */
export function parseLiveEvent(id: number, type: string, data: unknown): LiveEvent | undefined {
  if (!isLiveEventType(type)) return undefined;
  const parsed = liveEventData[type]().safeParse(data);
  return parsed.success ? ({ id, type, data: parsed.data } as LiveEvent) : undefined;
}

export const events = {
  stream: endpoint({
    method: 'GET',
    path: '/v1/events/stream',
    access: 'any',
    summary:
      'Server-Sent Events (text/event-stream) of the caller’s scope: sos.raised, sos.processed, fence.alarm, ' +
      'terminal.online, terminal.offline and position, each with its id; an agent may narrow to one company ' +
      '(orgId). Missed events after Last-Event-ID (or lastEventId) are replayed first while still kept; a ' +
      '": ping" comment every 15 s. Session errors answer the JSON envelope before the stream opens.',
    params: () =>
      z.object({
        orgId: optional(id()),
        lastEventId: optional(
          digits('invalidParams').pipe(
            z
              .number()
              .int('invalidParams')
              .nonnegative('invalidParams')
              .max(Number.MAX_SAFE_INTEGER, 'invalidParams'),
          ),
        ),
      }),
    data: () => z.null().describe('the answer is an event stream, not an envelope'),
  }),
};
