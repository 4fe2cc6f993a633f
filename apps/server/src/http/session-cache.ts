import { forgetChanged, NotifiedCache } from '../db/notified-cache.ts';

/** What a request needs of its session row. */
export interface SessionRow {
  id: number;
  role: number;
  subjectId: number;
  openid: string;
  scopePath: string;
  expiresAt: Date;
}

/** The channel of migration 0005's notifications: some session changed. */
export const sessionsChanged = 'sessions_changed';

/**
 * Empties every session cache of this process at once: called by the code that ends sessions, so that
 * the caller's very next request is checked against the database; the notification that follows the
 * commit (migration 0005) empties them again and reaches the other instances.
 */
export const forgetSessions = () => forgetChanged(sessionsChanged);

/**
 * Sessions checked recently, so that a busy screen's polls do not read the sessions table each time.
 * Any update, delete or truncate of sessions, from any instance, empties it (migration 0005); what else
 * makes it trustworthy is `NotifiedCache`'s. A session is kept for `ttlMs` at most, and never past its end.
 */
export class SessionCache extends NotifiedCache<{ row: SessionRow; until: number }> {
  constructor(
    private readonly ttlMs = 60_000,
    max = 50_000,
  ) {
    super(sessionsChanged, max);
  }

  /** The live session of a token hash, from memory when it is fresh, otherwise read by `load`. */
  async find(tokenHash: string, load: () => Promise<SessionRow | undefined>) {
    const now = Date.now();
    const kept = await this.read(
      tokenHash,
      async () => {
        const row = await load();
        return row && { row, until: now + this.ttlMs };
      },
      (e) => e.until > now && e.row.expiresAt.getTime() > now,
    );
    return kept?.row;
  }
}
