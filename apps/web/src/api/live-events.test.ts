import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../test/api-mock.ts';
import { onLiveEvent, openLiveEvents, parseLiveMessage } from './live-events.ts';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  closed = false;
  private listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeSource.CLOSED;
  }
  emit(type: string, id: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }
  fail() {
    this.readyState = FakeSource.CLOSED;
    for (const fn of this.listeners.get('error') ?? []) fn(new Event('error'));
  }
}

afterEach(() => {
  FakeSource.made = [];
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const position = {
  terminal_id: 4,
  org_id: 2,
  lat: 22.3,
  lng: 114.1,
  speed: null,
  at: '2026-11-22T08:30:00Z',
};

describe('live events', () => {
  it('reads a message with the contract’s schema of its type and drops what does not fit', () => {
    expect(parseLiveMessage('position', '17', JSON.stringify(position))).toEqual({
      id: 17,
      type: 'position',
      data: position,
    });
    expect(parseLiveMessage('position', '18', JSON.stringify({ ...position, lat: 'x' }))).toBeNull();
    expect(parseLiveMessage('position', '19', '{not json')).toBeNull();
    expect(parseLiveMessage('something.else', '20', JSON.stringify(position))).toBeNull();
    expect(parseLiveMessage('position', '', JSON.stringify(position))).toBeNull();
  });

  it('opens one stream with the session, hands events to listeners, and closes', () => {
    vi.stubGlobal('EventSource', FakeSource);
    signIn(1);
    const seen = vi.fn();
    const off = onLiveEvent('position', seen);
    const close = openLiveEvents();
    expect(FakeSource.made).toHaveLength(1);
    const url = new URL(FakeSource.made[0].url, 'http://localhost');
    expect(url.pathname).toBe('/v1/events/stream');
    expect(url.searchParams.get('access_token')).toBe('token-1');
    expect(url.searchParams.get('openid')).toBe('open-1');
    expect(url.searchParams.has('lastEventId')).toBe(false);

    FakeSource.made[0].emit('position', '5', position);
    expect(seen).toHaveBeenCalledWith(position, { id: 5, type: 'position', data: position });
    off();
    FakeSource.made[0].emit('position', '6', position);
    expect(seen).toHaveBeenCalledTimes(1);
    close();
    expect(FakeSource.made[0].closed).toBe(true);
  });

  it('after a refused stream checks the session, then reopens after the last event seen', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeSource);
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 20001, msg: { en: 'ok', cn: 'ok', cn2: 'ok' }, data: 0 }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    signIn(1);
    const close = openLiveEvents();
    FakeSource.made[0].emit('position', '41', position);
    FakeSource.made[0].fail();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(FakeSource.made).toHaveLength(2);
    expect(new URL(FakeSource.made[1].url, 'http://localhost').searchParams.get('lastEventId')).toBe('41');
    close();
  });
});
