/** What a request needs of its session row. */
export interface SessionRow {
  id: number;
  role: number;
  subjectId: number;
  openid: string;
  scopePath: string;
  expiresAt: Date;
}

/**
 * Sessions checked recently, so that a busy screen's polls do not read the sessions table each time.
 * It is only trusted while the database's change notifications reach this instance (`live`): any
 * update, delete or truncate of sessions, from any instance, empties it (migration 0005), and a read
 * that raced with such a change is not kept.
 */
/** The caches of this process (one per app). */
const caches = new Set<SessionCache>();

/**
 * Empties every cache of this process at once: called by the code that ends sessions, so that the
 * caller's very next request is checked against the database; the notification that follows the
 * commit (migration 0005) empties them again and reaches the other instances.
 */
export const forgetSessions = () => {
  for (const cache of caches) cache.forget();
};

export class SessionCache {
  private readonly entries = new Map<string, { row: SessionRow; until: number }>();
  private generation = 0;
  private live = false;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly max = 50_000,
  ) {}

  /** Notifications flow: the cache may be used from now on. */
  connected() {
    this.forget();
    this.live = true;
    caches.add(this);
  }

  /** Notifications may have been missed (or the app is closing): nothing cached can be trusted. */
  lost() {
    this.live = false;
    this.forget();
    caches.delete(this);
  }

  /** Some session changed somewhere. */
  forget() {
    this.generation++;
    this.entries.clear();
  }

  /** The live session of a token hash, from memory when it is fresh, otherwise read by `load`. */
  async find(tokenHash: string, load: () => Promise<SessionRow | undefined>) {
    const now = Date.now();
    const hit = this.entries.get(tokenHash);
    if (hit && hit.until > now && hit.row.expiresAt.getTime() > now) return hit.row;
    if (hit) this.entries.delete(tokenHash);
    const generation = this.generation;
    const row = await load();
    if (row && this.live && generation === this.generation) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(tokenHash, { row, until: now + this.ttlMs });
    }
    return row;
  }
}
