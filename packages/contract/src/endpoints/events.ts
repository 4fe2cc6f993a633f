import { z } from 'zod';
import { once } from '../lazy.ts';
import { id } from '../rules.ts';
import { endpoint, optional } from './define.ts';

/** The types of the events a console receives on its stream, as the `event:` line names them. */
export const LiveEventTypes = [
  'sos.raised',
  'sos.processed',
  'fence.alarm',
  'terminal.online',
  'terminal.offline',
  'position',
] as const;
export type LiveEventType = (typeof LiveEventTypes)[number];

/** Every event's data names its company and the instant it happened (ISO 8601). */
const base = once(() => z.object({ org_id: z.number(), at: z.string() }));

/** The data of each event type, snake_case like the rest of the API. */
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
      /** The fence record's trigger (kind) code as stored. */
      trigger: z.number(),
      lat: z.number(),
      lng: z.number(),
    }),
  ),
  'terminal.online': once(() => base().extend({ terminal_id: z.number() })),
  'terminal.offline': once(() => base().extend({ terminal_id: z.number() })),
  /** The newest fix of one device call. */
  position: once(() =>
    base().extend({
      terminal_id: z.number(),
      lat: z.number(),
      lng: z.number(),
      speed: z.number().nullable(),
    }),
  ),
} satisfies Record<LiveEventType, () => z.ZodType>;

export type LiveEventData<T extends LiveEventType> = z.output<ReturnType<(typeof liveEventData)[T]>>;

const message = <T extends LiveEventType>(type: T) =>
  z.object({
    id: z.number(),
    type: z.literal(type),
    data: liveEventData[type]() as ReturnType<(typeof liveEventData)[T]>,
  });

/** One message of the stream: its id (the `id:` line), its type (`event:`) and its data. */
export const liveEvent = once(() =>
  z.discriminatedUnion('type', [
    message('sos.raised'),
    message('sos.processed'),
    message('fence.alarm'),
    message('terminal.online'),
    message('terminal.offline'),
    message('position'),
  ]),
);
export type LiveEvent = z.output<ReturnType<typeof liveEvent>>;

export const events = {
  stream: endpoint({
    method: 'GET',
    path: '/v1/events/stream',
    access: 'any',
    summary:
      'Server-sent events of the caller’s scope (text/event-stream): each message an id, a type ' +
      '(LiveEventTypes) and its data as JSON; resumes after Last-Event-ID (or lastEventId) with the events ' +
      'still kept; an agent may narrow to one company of its scope (orgId); a comment ping every 15 s',
    params: () =>
      z.object({
        orgId: optional(id()),
        lastEventId: optional(
          z.coerce.number({ error: 'invalidParams' }).int('invalidParams').min(0, 'invalidParams'),
        ),
      }),
    data: liveEvent,
  }),
};
