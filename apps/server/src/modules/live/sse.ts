import type { ServerResponse } from 'node:http';
import type { Listener, LiveRow, Owner, RowScope } from './hub.ts';

/** A client this far behind is cut off; it comes back with Last-Event-ID and is replayed what it missed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The reconnection delay a draining instance hands its streams: 0.5 to 2.5 s. */
export const reconnectMs = () => 500 + Math.floor(Math.random() * 2000);

export const message = (row: LiveRow) =>
  `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(row.payload)}\n\n`;

/**
 * One open event stream. While its missed events are being replayed, live ones wait in a buffer and
 * then go out unless the replay already sent them, so none is lost or repeated between the two.
 */
export class SseStream implements Listener {
  private replaying = true;
  /** Checks of the session and scope under way: events wait until they answer. */
  private checking = 0;
  private waiting: LiveRow[] = [];
  private held: LiveRow[] = [];
  private ended = false;
  private expiry: NodeJS.Timeout | undefined;
  /** Ids the replay sent that the hub may still hand out (it can be behind the replay's read). */
  private readonly sent = new Set<number>();
  private sentMax = 0;

  constructor(
    readonly scope: RowScope,
    readonly owner: Owner,
    private readonly res: ServerResponse,
    /**
     * Whether the session that opened the stream still holds and may still see its scope (a logout
     * elsewhere, or the company moving away from the agent, ends it).
     */
    private readonly stillAllowed: () => Promise<boolean>,
  ) {
    res.on('close', () => this.stopTimer());
  }

  /** Ends the stream when its session expires. */
  endAt(at: Date | undefined) {
    this.stopTimer();
    if (!at) return;
    // setTimeout holds at most ~24.8 days; a session ends sooner.
    const ms = Math.min(Math.max(0, at.getTime() - Date.now()), 2_000_000_000);
    this.expiry = setTimeout(() => this.end(), ms);
    this.expiry.unref();
  }

  private stopTimer() {
    clearTimeout(this.expiry);
  }

  async ping() {
    if (!(await this.stillAllowed())) this.end();
    else this.write(': ping\n\n');
  }

  async recheck() {
    this.checking++;
    let allowed = false;
    try {
      allowed = await this.stillAllowed();
    } finally {
      this.checking--;
    }
    if (!allowed) {
      this.end();
      return;
    }
    if (this.checking > 0) return;
    const held = this.held;
    this.held = [];
    for (const row of held) this.deliver(row);
  }

  private write(text: string) {
    if (this.res.destroyed || this.res.writableEnded) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    this.res.write(text);
  }

  /** The replay, oldest first; then what arrived meanwhile. */
  replayed(rows: LiveRow[]) {
    for (const row of rows) {
      this.sent.add(row.id);
      this.sentMax = Math.max(this.sentMax, row.id);
      this.write(message(row));
    }
    this.replaying = false;
    const waiting = this.waiting;
    this.waiting = [];
    for (const row of waiting) this.deliver(row);
  }

  deliver(row: LiveRow) {
    if (this.ended) return;
    if (this.checking > 0) {
      this.held.push(row);
      return;
    }
    if (this.replaying) {
      this.waiting.push(row);
      return;
    }
    if (row.id > this.sentMax) this.sent.clear();
    else if (this.sent.delete(row.id)) return;
    this.write(message(row));
  }

  /**
   * Ends the stream. A draining instance first sets the client's reconnection delay to a short random
   * one, so its consoles come back within seconds without all asking at once; the browser then sends
   * the last id it saw, and the instance it reaches replays what came meanwhile.
   */
  end(reconnect = false) {
    this.ended = true;
    this.held = [];
    this.stopTimer();
    if (this.res.writableEnded) return;
    if (reconnect) this.write(`retry: ${reconnectMs()}\n\n`);
    this.res.end();
  }
}
