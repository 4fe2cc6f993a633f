import { Agent, request } from 'node:http';
import { Code } from '@ptt/contract';
import autocannon from 'autocannon';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Requests per second and latency of one URL under `connections` concurrent clients for `seconds`,
 * after an unmeasured second of the same load: the pool's connections are open, their statements
 * prepared and planned, and the JIT has compiled the route before the clock starts.
 */
export async function load(
  url: string,
  method: 'GET' | 'POST',
  seconds: number,
  connections = 50,
): Promise<Load> {
  await autocannon({ url, method, connections, duration: 1 });
  const result = await autocannon({ url, method, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
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
