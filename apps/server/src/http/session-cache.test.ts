import { describe, expect, it, vi } from 'vitest';
import { forgetSessions, SessionCache, type SessionRow } from './session-cache.ts';

const row = (expiresInMs = 3_600_000): SessionRow => ({
  id: 1,
  role: 0,
  subjectId: 7,
  openid: 'o',
  scopePath: 'a001',
  expiresAt: new Date(Date.now() + expiresInMs),
});

describe('session cache', () => {
  it('reads the database once while notifications flow, and again after any session changed', async () => {
    const cache = new SessionCache();
    cache.connected();
    const load = vi.fn(async () => row());
    await cache.find('h', load);
    await cache.find('h', load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.forget();
    await cache.find('h', load);
    expect(load).toHaveBeenCalledTimes(2);
    forgetSessions();
    await cache.find('h', load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.lost();
  });

  it('keeps nothing until connected, nor after the notifications were lost', async () => {
    const cache = new SessionCache();
    const load = vi.fn(async () => row());
    await cache.find('h', load);
    await cache.find('h', load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.connected();
    await cache.find('h', load);
    cache.lost();
    await cache.find('h', load);
    await cache.find('h', load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('does not keep a read that raced with a change, nor a session past its end or its time in memory', async () => {
    const cache = new SessionCache(1000);
    cache.connected();
    const racing = vi.fn(async () => {
      cache.forget();
      return row();
    });
    await cache.find('h', racing);
    await cache.find('h', racing);
    expect(racing).toHaveBeenCalledTimes(2);

    const ending = vi.fn(async () => row(30));
    await cache.find('e', ending);
    await new Promise((r) => setTimeout(r, 50));
    await cache.find('e', ending);
    expect(ending).toHaveBeenCalledTimes(2);

    vi.useFakeTimers({ now: Date.now() });
    try {
      const load = vi.fn(async () => row());
      await cache.find('t', load);
      vi.advanceTimersByTime(1001);
      await cache.find('t', load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
      cache.lost();
    }
  });

  it('answers nothing for an unknown token and remembers no miss', async () => {
    const cache = new SessionCache();
    cache.connected();
    const load = vi.fn(async () => undefined);
    expect(await cache.find('x', load)).toBeUndefined();
    expect(await cache.find('x', load)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
    cache.lost();
  });
});
