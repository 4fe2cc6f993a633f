import { describe, expect, it, vi } from 'vitest';
import { forgetAll, forgetChanged, NotifiedCache } from './notified-cache.ts';

describe('notified cache', () => {
  it('forgets, in this process, the caches of the channel that changed and only those, or all of them', async () => {
    const pages = new NotifiedCache<string>('pages_changed', 10);
    const others = new NotifiedCache<string>('others_changed', 10);
    pages.connected();
    others.connected();
    const load = vi.fn(async () => 'v');
    const both = async () => Promise.all([pages.read('k', load), others.read('k', load)]);
    await both();
    await both();
    expect(load).toHaveBeenCalledTimes(2);
    forgetChanged('pages_changed');
    await both();
    expect(load).toHaveBeenCalledTimes(3);
    forgetAll();
    await both();
    expect(load).toHaveBeenCalledTimes(5);
    pages.lost();
    others.lost();
  });

  it('keeps at most its size, dropping the oldest key first', async () => {
    const cache = new NotifiedCache<string>('sized_changed', 2);
    cache.connected();
    const load = vi.fn(async () => 'v');
    for (const key of ['a', 'b', 'c', 'b', 'c', 'a']) await cache.read(key, load);
    expect(load).toHaveBeenCalledTimes(4);
    cache.lost();
  });
});
