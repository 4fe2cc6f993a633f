import {
  api,
  type LiveEvent,
  type LiveEventDataOf,
  type LiveEventType,
  LiveEventTypes,
  parseLiveEvent,
} from '@ptt/contract';
import { useEffect, useRef } from 'react';
import { buildUrl, request } from './client.ts';

type Handler<T extends LiveEventType> = (data: LiveEventDataOf<T>, event: LiveEvent & { type: T }) => void;

const handlers = new Map<LiveEventType, Set<Handler<never>>>();

/** Hands one parsed message to whoever listens to its type. */
export const dispatchLiveEvent = (event: LiveEvent): void => {
  for (const handler of handlers.get(event.type) ?? [])
    (handler as Handler<typeof event.type>)(event.data as never, event as never);
};

/** Calls `handler` with every event of `type` until the returned function is called. */
export const onLiveEvent = <T extends LiveEventType>(type: T, handler: Handler<T>): (() => void) => {
  const set = handlers.get(type) ?? new Set<Handler<never>>();
  handlers.set(type, set);
  set.add(handler as Handler<never>);
  return () => set.delete(handler as Handler<never>);
};

/**
 * A component's listener for one event type: the latest `handler` is called, so the component need not
 * keep it stable, and the listener goes with the component.
 */
export const useLiveEvent = <T extends LiveEventType>(type: T, handler: Handler<T>): void => {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onLiveEvent(type, (data, event) => latest.current(data, event)), [type]);
};

/** Reads one message of the stream with the contract's schema of its type; anything else is dropped. */
export const parseLiveMessage = (type: string, id: string, text: string): LiveEvent | null => {
  const eventId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(eventId)) return null;
  try {
    return parseLiveEvent(eventId, type, JSON.parse(text)) ?? null;
  } catch {
    return null;
  }
};

const retry = { firstMs: 2_000, maxMs: 30_000 };

/**
 * The console's one stream of events. The browser's EventSource reconnects by itself and sends the last
 * event id; it gives up only when an answer is not a stream (the session ended: a JSON envelope, or a
 * proxy's error page). Then a plain call tells which: an ended session leaves for the login page through
 * the transport client, anything else is tried again later, resuming after the last event seen.
 */
export const openLiveEvents = (): (() => void) => {
  let source: EventSource | null = null;
  let lastId: number | undefined;
  let delay = retry.firstMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const onMessage = (message: MessageEvent<string>) => {
    const event = parseLiveMessage(message.type, message.lastEventId, message.data);
    if (!event) return;
    lastId = event.id;
    delay = retry.firstMs;
    dispatchLiveEvent(event);
  };

  const open = () => {
    if (closed) return;
    source = new EventSource(buildUrl(api.events.stream, { lastEventId: lastId }));
    for (const type of LiveEventTypes) source.addEventListener(type, onMessage as EventListener);
    source.addEventListener('error', () => {
      if (closed || source?.readyState !== EventSource.CLOSED) return;
      source = null;
      timer = setTimeout(() => {
        request(api.sos.untreatedSOSCount, {}, { toast: false }).then(open, () => {
          // A refused session has left for the login page (closing this stream); the rest waits longer.
          delay = Math.min(delay * 2, retry.maxMs);
          timer = setTimeout(open, delay);
        });
      }, delay);
    });
  };

  // Browsers without EventSource (and test environments) keep the count's poll only.
  if (typeof EventSource === 'undefined') return () => {};
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
};
