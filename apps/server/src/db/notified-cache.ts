import type { Listener } from './listen.ts';

/** The live caches of this process, by the channel that tells them to forget. */
const registered = new Map<string, Set<NotifiedCache<unknown>>>();

/**
 * Empties every live cache of a channel in this process at once: called by the code that makes the
 * change, so that its caller's very next request reads the database; the notification that follows the
 * commit empties them again and reaches the other instances.
 */
export const forgetChanged = (channel: string) => {
  for (const cache of registered.get(channel) ?? []) cache.forget();
};

/** Runs a statement that changes what a channel's caches hold, then has this process's caches forget. */
export const forgetAfter = async <T>(channel: string, statement: PromiseLike<T>) => {
  const result = await statement;
  forgetChanged(channel);
  return result;
};

/** Empties every live cache of this process: the whole database changed (a test's reset). */
export const forgetAll = () => {
  for (const channel of registered.keys()) forgetChanged(channel);
};

/**
 * Values read from the database and kept in this instance's memory. It is only trusted while the
 * database's change notifications on `channel` reach this instance: any notification, from any
 * instance, empties it; a lost LISTEN connection empties it and keeps nothing until the connection is
 * back; and a read that raced with a change is not kept. It is the listener of its own channel.
 */
export class NotifiedCache<V> implements Listener {
  private readonly entries = new Map<string, V>();
  private generation = 0;
  private live = false;

  constructor(
    readonly channel: string,
    private readonly max: number,
  ) {}

  /** Notifications flow: the cache may be used from now on. */
  connected() {
    this.forget();
    this.live = true;
    let caches = registered.get(this.channel);
    if (!caches) {
      caches = new Set();
      registered.set(this.channel, caches);
    }
    caches.add(this as NotifiedCache<unknown>);
  }

  /** Something changed somewhere. */
  notified() {
    this.forget();
  }

  /** Notifications may have been missed (or the app is closing): nothing kept can be trusted. */
  lost() {
    this.live = false;
    this.forget();
    registered.get(this.channel)?.delete(this as NotifiedCache<unknown>);
  }

  forget() {
    this.generation++;
    this.entries.clear();
  }

  /**
   * The value of a key from memory while `fresh` holds for it, otherwise read by `load` and kept,
   * unless it is undefined (a miss is not remembered).
   */
  async read(key: string, load: () => Promise<V | undefined>, fresh: (v: V) => boolean = () => true) {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      if (fresh(hit)) return hit;
      this.entries.delete(key);
    }
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && this.live && generation === this.generation) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
    }
    return value;
  }
}
