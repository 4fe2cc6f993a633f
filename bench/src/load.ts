import { type ChildProcess, fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { Code } from '@ptt/contract';
import { settings } from './config.ts';

export interface Call {
  method: 'GET' | 'POST';
  /** Path and query, the session included. */
  path: string;
  body?: string;
}
export interface LoadJob {
  origin: string;
  requests: Call[];
  seconds: number;
  connections: number;
  /** Requests a second over all connections; absent means as fast as they answer. */
  rate?: number;
}
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Answers other than 20001, failed connections and timeouts. */
  wrong: number;
  /** The wrong answers by code and path, to tell what went wrong. */
  codes: Record<string, number>;
}

let generator: ChildProcess | null = null;

/**
 * Requests per second and latency of `requests`, cycled through by `connections` clients for
 * `seconds` (at `rate` requests a second over all of them when given). The load generator runs in a
 * process of its own (load-worker.ts), so the server measured does not share its event loop with the
 * clients.
 */
export function load(
  origin: string,
  requests: Call[],
  options: { connections: number; seconds?: number; rate?: number },
): Promise<LoadResult> {
  const job: LoadJob = {
    origin,
    requests,
    seconds: options.seconds ?? settings.seconds,
    connections: options.connections,
    rate: options.rate,
  };
  if (!generator) generator = fork(new URL('./load-worker.ts', import.meta.url), { stdio: 'inherit' });
  const child = generator;
  return new Promise((resolve, reject) => {
    const exit = (code: number | null) => {
      generator = null;
      reject(new Error(`the load generator stopped (${code})`));
    };
    const message = (m: unknown) => {
      child.off('exit', exit);
      child.off('message', message);
      resolve(m as LoadResult);
    };
    child.once('exit', exit);
    child.on('message', message);
    child.send(job);
  });
}

/** Ends the load generator's process. */
export function stopLoad() {
  generator?.disconnect();
  generator = null;
}

/** One request on a kept-alive connection; resolves to the envelope's code. */
const envelopeCode = (agent: Agent, url: URL, method: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, { agent, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve((JSON.parse(Buffer.concat(chunks).toString()) as { code: number }).code));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

/**
 * Sends exactly `amount` requests to one URL from `connections` clients, each waiting for its answer
 * before the next, and times them to the millisecond. Returns how many answered another code than ok.
 */
export async function burst(url: string, method: 'GET' | 'POST', amount: number, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  let next = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < amount) {
        next += 1;
        if ((await envelopeCode(agent, target, method)) !== Code.ok) refused += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { seconds, refused };
}
