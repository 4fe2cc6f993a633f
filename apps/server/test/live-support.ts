import type { FastifyInstance } from 'fastify';

/** One message of an event stream as a client reads it. */
export interface Message {
  id?: number;
  event?: string;
  data?: unknown;
  retry?: number;
  comment?: string;
}

export interface OpenStream {
  res: Response;
  messages: Message[];
  /** Resolves with the first message (from the start of the stream) that `match` accepts. */
  until(match: (m: Message) => boolean, ms?: number): Promise<Message>;
  /** The events received so far (messages with an id). */
  events(): Message[];
  /** Resolves when the server ends the stream (or the test closes it). */
  ended: Promise<void>;
  close(): void;
}

const parseBlock = (block: string): Message => {
  const m: Message = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) m.comment = line.slice(1).trim();
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const field = line.slice(0, i);
    const value = line.slice(i + 1).replace(/^ /, '');
    if (field === 'id') m.id = Number(value);
    else if (field === 'event') m.event = value;
    else if (field === 'data') m.data = JSON.parse(value);
    else if (field === 'retry') m.retry = Number(value);
  }
  return m;
};

/** Listens on a free port of the loopback; returns the base URL. */
export async function listenLocal(app: FastifyInstance) {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** Opens the event stream over HTTP (inject does not stream) and collects its messages as they come. */
export async function openStream(
  base: string,
  params: object,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${base}/v1/events/stream?${query}`, { signal: abort.signal, headers });
  const messages: Message[] = [];
  const waiters = new Set<() => void>();
  let markEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  if (res.headers.get('content-type')?.startsWith('text/event-stream') && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            messages.push(parseBlock(buffer.slice(0, i)));
            buffer = buffer.slice(i + 2);
          }
          for (const w of waiters) w();
        }
      } catch {
        // Aborted by the test, or the server ended the stream.
      }
      markEnded();
    })();
  } else markEnded();
  const until: OpenStream['until'] = (match, ms = 5000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching message in ${ms} ms; got ${JSON.stringify(messages)}`));
      }, ms);
      if (!check()) waiters.add(check);
    });
  return {
    res,
    messages,
    until,
    events: () => messages.filter((m) => m.id !== undefined),
    ended,
    close: () => abort.abort(),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
