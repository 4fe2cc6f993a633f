import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './load.ts';

/**
 * The load generator's own process (load.ts forks it once a run): for each job it cycles through the
 * job's requests from a random start, one after another on every connection, and counts answers whose
 * envelope is not 20001. It ends when the run disconnects.
 */
const okPrefix = '{"code":20001';

process.on('message', async (job: LoadJob) => {
  let next = Math.floor(Math.random() * job.requests.length);
  let measuring = false;
  let wrong = 0;
  const codes: Record<string, number> = {};
  const run = (duration: number) =>
    autocannon({
      url: job.origin,
      connections: job.connections,
      duration,
      ...(job.rate ? { overallRate: job.rate } : {}),
      requests: [
        {
          setupRequest: (req, context) => {
            const r = job.requests[next++ % job.requests.length];
            (context as { path?: string }).path = r.path;
            return {
              ...req,
              method: r.method,
              path: r.path,
              body: r.body,
              headers: r.body ? { 'content-type': 'application/json' } : {},
            };
          },
          onResponse: (status, body, context) => {
            if (!measuring || body.startsWith(okPrefix)) return;
            wrong += 1;
            const code = /^\{"code":(\d+)/.exec(body)?.[1] ?? `HTTP ${status}`;
            const key = `${code} ${String((context as { path?: string }).path).split('?')[0]}`;
            codes[key] = (codes[key] ?? 0) + 1;
          },
        },
      ],
    });
  // An unmeasured second first: the pools are open, statements planned and the code compiled.
  await run(1);
  measuring = true;
  const r = await run(job.seconds);
  measuring = false;
  const result: LoadResult = {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    wrong: wrong + r.errors + r.timeouts,
    codes,
  };
  process.send?.(result);
});
