import pg from 'pg';

/** What a listener hears: notifications flow (again), one arrived, or some may have been missed. */
export interface Listener {
  connected(): void;
  notified(): void;
  lost(): void;
}

/**
 * LISTEN on a connection of its own, reconnecting every second after it drops (a restart of
 * PostgreSQL, say); the listener is told when it may have missed notifications. Returns the stop.
 */
export function listenPostgres(url: string, channel: string, listener: Listener): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const drop = () => {
    if (!client) return;
    const gone = client;
    client = null;
    listener.lost();
    gone.end().catch(() => {});
    if (!stopped) retry = setTimeout(open, 1000);
  };

  async function open() {
    retry = null;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', drop);
    c.on('end', drop);
    c.on('notification', (n) => {
      if (n.channel === channel) listener.notified();
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
      if (client === c && !stopped) listener.connected();
    } catch {
      if (client === c) drop();
    }
  }

  void open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    listener.lost();
    await c?.end().catch(() => {});
  };
}
