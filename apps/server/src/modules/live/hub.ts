import type { Database, Db } from '../../db/client.ts';
import * as repo from './repository.ts';

export type { LiveRow, RowScope } from './repository.ts';

/** The session a stream was opened with. */
export interface Owner {
  role: number;
  id: number;
  sessionId: number;
}

/** A connected stream: what it may see and where its events go. */
export interface Listener {
  scope: repo.RowScope;
  owner: Owner;
  deliver(row: repo.LiveRow): void;
  /** Keeps the connection alive, after checking the session still holds. */
  ping(): Promise<void>;
  /**
   * Checks again that the session holds and the scope is still the caller's, ending the stream when
   * not; events that arrive meanwhile wait for the answer.
   */
  recheck(): Promise<void>;
  /** Ends the stream; `reconnect` tells the client to come back soon (the instance is draining). */
  end(reconnect?: boolean): void;
}

/** Told of every event once per instance (e.g. Web Push, which claims each event for sending itself). */
export type Subscriber = (row: repo.LiveRow) => unknown;

interface Log {
  warn(obj: unknown, msg: string): void;
}

/** Rows read per query while catching up. */
const BATCH = 500;
/**
 * How often each instance reads what is new without being told: the events that do not notify
 * (positions, presence) arrive within this, and a lost notification costs no more than this.
 */
export const FOLLOW_MS = 250;
/** How often each stream is pinged (a comment that keeps proxies and the browser from dropping it). */
export const PING_MS = 15_000;
/**
 * An id skipped over is looked for this long: a transaction that took it earlier may commit after a
 * later one (ids are handed out at insert, rows appear at commit), or it rolled back and never will.
 */
const GAP_WAIT_MS = 30_000;
const GAP_MAX = 10_000;
/** Streams one session may hold open on an instance (a few tabs of the app); one more is refused. */
export const STREAMS_PER_SESSION = 6;

/**
 * Notices on the live channel besides new events (whose payload is the newest id): an account's
 * sessions ended (`s:<role>:<id>`), a company moved to another agent (`o:<orgId>`).
 */
export const sessionsNotice = (role: number, id: number) => `s:${role}:${id}`;
export const orgMovedNotice = (orgId: number) => `o:${orgId}`;

const underAgent = (path: string, row: repo.LiveRow) =>
  repo.isSubAgentScope(path) ? row.agentPath === path : row.topPath === path;

export const matches = (scope: repo.RowScope, row: repo.LiveRow) =>
  scope.kind === 'org'
    ? row.orgId === scope.orgId && (scope.agentPath === undefined || underAgent(scope.agentPath, row))
    : scope.kind === 'sub'
      ? row.agentPath === scope.path
      : row.topPath === scope.path;

/**
 * One per instance: follows the events table and hands each event, once, to the instance's streams
 * whose scope matches and to its in-process subscribers. Every notification (however many arrived)
 * and every tick lead to one read of the rows after the last delivered.
 */
export class LiveHub {
  private last = 0;
  private readonly missing = new Map<number, number>();
  private readonly listeners = new Set<Listener>();
  private readonly subscribers: Subscriber[] = [];
  private reading: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private pinger: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    readonly db: Db,
    private readonly log: Log,
  ) {}

  /** Starts after the newest event: what came before is replayed to streams that ask, not re-told. */
  async start(listen: Database['listen']) {
    this.last = await repo.maxId(this.db);
    this.unlisten = await listen(repo.CHANNEL, (payload) => this.notified(payload));
    this.timer = setInterval(() => void this.wake(), FOLLOW_MS);
    this.pinger = setInterval(() => void this.pingAll(), PING_MS);
  }

  /**
   * A notification: a new event (or a listening connection opened again, '') wakes the reader; a
   * session or scope notice makes the streams it concerns check again at once. After a reconnect
   * every stream checks again, since notices sent meanwhile were lost.
   */
  private notified(payload: string) {
    const [kind, a, b] = payload.split(':');
    if (kind === 's') {
      for (const l of this.listeners)
        if (l.owner.role === Number(a) && l.owner.id === Number(b)) this.recheck(l);
      return;
    }
    if (kind === 'o') {
      for (const l of this.listeners)
        if (l.scope.kind === 'org' && l.scope.orgId === Number(a)) this.recheck(l);
      return;
    }
    if (payload === '') for (const l of this.listeners) this.recheck(l);
    void this.wake();
  }

  private recheck(l: Listener) {
    l.recheck().catch(() => l.end());
  }

  /** Pings every open stream now (tests call it rather than wait). */
  async pingAll() {
    await Promise.all([...this.listeners].map((l) => l.ping().catch(() => l.end())));
  }

  /** Ends every stream, so the server can close; `reconnect` asks the clients to come back soon, elsewhere. */
  endStreams(reconnect = false) {
    for (const l of this.listeners) l.end(reconnect);
    this.listeners.clear();
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.pinger);
    this.endStreams();
    await this.unlisten?.();
    await this.reading;
  }

  subscribe(fn: Subscriber) {
    this.subscribers.push(fn);
  }

  /** Streams open on this instance under a session. */
  openBy(sessionId: number) {
    let n = 0;
    for (const l of this.listeners) if (l.owner.sessionId === sessionId) n++;
    return n;
  }

  attach(listener: Listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get streams() {
    return this.listeners.size;
  }

  /** Reads what is new now; resolves once it has been handed out (tests await it). */
  wake(): Promise<void> {
    this.again = true;
    this.reading ??= this.loop().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async loop() {
    while (this.again && !this.stopped) {
      this.again = false;
      try {
        await this.drain();
      } catch (err) {
        // The next notification or tick reads again from the same point.
        this.log.warn({ err }, 'reading live events failed');
      }
    }
  }

  private async drain() {
    for (;;) {
      const now = Date.now();
      for (const [id, since] of this.missing) if (now - since > GAP_WAIT_MS) this.missing.delete(id);
      const rows = await repo.readAfter(this.db, this.last, [...this.missing.keys()], BATCH);
      for (const row of rows) this.handOut(row);
      if (rows.length < BATCH || this.stopped) return;
    }
  }

  private handOut(row: repo.LiveRow) {
    if (row.id > this.last) {
      const now = Date.now();
      for (let id = Math.max(this.last + 1, row.id - GAP_MAX); id < row.id; id++) this.missing.set(id, now);
      this.last = row.id;
    } else if (!this.missing.delete(row.id)) {
      return;
    }
    for (const l of this.listeners) if (matches(l.scope, row)) l.deliver(row);
    for (const fn of this.subscribers) {
      try {
        Promise.resolve(fn(row)).catch((err) => this.log.warn({ err }, 'live subscriber failed'));
      } catch (err) {
        this.log.warn({ err }, 'live subscriber failed');
      }
    }
  }
}
