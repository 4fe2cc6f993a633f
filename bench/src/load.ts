import autocannon from 'autocannon';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Requests per second and latency of one URL under `connections` concurrent clients for `seconds`. */
export async function load(
  url: string,
  method: 'GET' | 'POST',
  seconds: number,
  connections = 50,
): Promise<Load> {
  const result = await autocannon({ url, method, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
