import { randomBytes } from 'node:crypto';
import { api } from '@ptt/contract';
import pg from 'pg';
import { sha256 } from '../../apps/server/src/lib/crypto.ts';
import { Connections } from './config.ts';
import { type Call, type LoadResult, load } from './load.ts';
import { benchBig, benchPassword } from './seed.ts';
import { type Api, pathOf } from './server.ts';

/**
 * DESIGN §7, live: 10 000 radios of the big company, 1 000 positions a second between them, each radio
 * reporting its fixes in batches of 10 (a fix a second, sent every 10 s).
 */
export const Live = { radios: 10_000, positionsPerSecond: 1000, batch: 10, probes: 200, probeEveryMs: 50 };

/** Coordinates to five decimals (about a metre), so a probe's latitude comes back as sent. */
const fiveDecimals = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * Device sessions for the big company's first radios, written as a login would write them (a bench does
 * not wait for 10 000 argon2 verifications): the session, and the radio online. GPS on and Location and
 * Fence active, so every position is kept and runs through the company's fences. The loads then measure
 * a fleet at work, not 10 000 radios coming online at once.
 */
async function radios(url: string, wanted: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const org = Number(
      (await client.query('update orgs set gps = true where account = $1 returning id', [benchBig])).rows[0]
        .id,
    );
    const { rows } = await client.query(
      `update terminals set location_expires = date '2099-12-31', fence_expires = date '2099-12-31'
       where id in (select id from terminals where org_id = $1 order by id limit $2)
       returning id, ssid, intercom_pwd_hash as pwd, agent_path`,
      [org, wanted],
    );
    const ids = rows.map((r) => Number(r.id));
    await client.query('delete from device_sessions where terminal_id = any($1)', [ids]);
    const tokens = rows.map((r) => `bench-${r.id}-${randomBytes(12).toString('base64url')}`);
    await client.query(
      `insert into device_sessions (token_hash, terminal_id, credential_stamp, expires_at)
       select * from unnest($1::text[], $2::int[], $3::text[]) , lateral (select now() + interval '1 day') e`,
      [tokens.map(sha256), ids, rows.map((r) => sha256(`${r.ssid}\n${r.pwd}`))],
    );
    await client.query(
      `insert into terminal_presence (terminal_id, org_id, agent_path, last_seen_at, online)
       select unnest($1::int[]), $2, unnest($3::text[]), now(), true
       on conflict (terminal_id) do update set last_seen_at = now(), online = true`,
      [ids, org, rows.map((r) => r.agent_path)],
    );
    await client.query('vacuum (analyze) device_sessions, terminals, terminal_presence');
    return { org, radios: rows.map((r, i) => ({ id: Number(r.id), token: tokens[i] })) };
  } finally {
    await client.end();
  }
}

/** Points around the company's fences (they sit near 22.28, 114.15), so fences are crossed now and then. */
const fixAt = (k: number, t: number) => ({
  lat: fiveDecimals(22.28 + ((k * 7 + t) % 97) / 1000),
  lng: fiveDecimals(114.15 + ((k * 3 + t) % 89) / 1000),
});

const positionCall = (token: string, k: number, t: number, batch: number): Call => {
  const at = Date.now();
  if (batch === 1) {
    const p = fixAt(k, t);
    return {
      method: 'POST',
      path: pathOf(api.device.positions, {
        device_token: token,
        lat: p.lat,
        lng: p.lng,
        time: new Date(at).toISOString(),
      }),
    };
  }
  const positions = Array.from({ length: batch }, (_, i) => ({
    ...fixAt(k, t + i),
    time: new Date(at - (batch - i) * 1000).toISOString(),
  }));
  return {
    method: 'POST',
    path: pathOf(api.device.positions, { device_token: token }),
    body: JSON.stringify({ positions }),
  };
};

/** Reads a console's event stream; `wait(match)` resolves at the first event that matches. */
async function openStream(server: Api, session: { access_token: string; openid: string }) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}${pathOf(api.events.stream, session)}`, {
    signal: controller.signal,
  });
  if (!res.body || !res.headers.get('content-type')?.includes('text/event-stream'))
    throw new Error(`the event stream answered ${res.status} ${await res.text()}`);
  const waiting = new Set<{
    match: (type: string, data: Record<string, unknown>) => boolean;
    done: () => void;
  }>();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!type || !data) continue;
          const parsed = JSON.parse(data) as Record<string, unknown>;
          for (const w of waiting)
            if (w.match(type, parsed)) {
              waiting.delete(w);
              w.done();
            }
        }
      }
    } catch {
      // aborted at the end of the run
    }
  })();
  return {
    wait: (match: (type: string, data: Record<string, unknown>) => boolean, timeoutMs: number) =>
      new Promise<boolean>((resolve) => {
        const w = {
          match,
          done: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(w);
          resolve(false);
        }, timeoutMs);
        waiting.add(w);
      }),
    close: () => controller.abort(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export interface LiveResult {
  radios: number;
  /** Positions a second stored when radios send batches of `Live.batch` as fast as 50 connections go. */
  ingestion: LoadResult & { positionsPerSecond: number };
  /** The same with one position per call. */
  single: LoadResult;
  /** Post to event on the console's stream, under the paced load. */
  delivery: { p50: number; p99: number; lost: number; probes: number; load: LoadResult };
}

/** Ingestion, then delivery under a paced load of `Live.positionsPerSecond` from every radio in turn. */
export async function liveBench(server: Api, url: string, log: (line: string) => void): Promise<LiveResult> {
  const { radios: fleet } = await radios(url, Live.radios);
  log(`  live: ${fleet.length} radios signed in`);
  const saturation = { connections: Connections.saturation };
  const batched = await load(
    server.url,
    fleet.map((r, k) => positionCall(r.token, k, 0, Live.batch)),
    saturation,
  );
  const ingestion = { ...batched, positionsPerSecond: batched.rps * Live.batch };
  log(
    `  live: ingestion ${Math.round(ingestion.positionsPerSecond)} positions/s in batches of ${Live.batch}, p99 ${batched.p99} ms`,
  );
  const single = await load(
    server.url,
    fleet.map((r, k) => positionCall(r.token, k, 1, 1)),
    saturation,
  );
  log(`  live: ${Math.round(single.rps)} single positions/s, p99 ${single.p99} ms`);

  const stream = await openStream(server, await server.login(1, benchBig, benchPassword));
  const [probe, ...rest] = fleet;
  const paced = load(
    server.url,
    rest.map((r, k) => positionCall(r.token, k, 2, Live.batch)),
    {
      ...saturation,
      seconds: Math.ceil((Live.probes * Live.probeEveryMs) / 1000) + 5,
      rate: Live.positionsPerSecond / Live.batch,
    },
  );
  const delays: number[] = [];
  let lost = 0;
  await new Promise((r) => setTimeout(r, 1500));
  for (let i = 0; i < Live.probes; i++) {
    const lat = fiveDecimals(22.2 + i / 10_000);
    const arrived = stream.wait(
      (type, d) => type === 'position' && d.terminal_id === probe.id && d.lat === lat,
      5000,
    );
    const started = performance.now();
    await fetch(
      `${server.url}${pathOf(api.device.positions, { device_token: probe.token, lat, lng: 114.1, time: new Date().toISOString() })}`,
      { method: 'POST' },
    );
    if (await arrived) delays.push(performance.now() - started);
    else lost += 1;
    await new Promise((r) => setTimeout(r, Live.probeEveryMs));
  }
  const loadResult = await paced;
  stream.close();
  delays.sort((a, b) => a - b);
  const delivery = {
    p50: Math.round(percentile(delays, 50)),
    p99: Math.round(percentile(delays, 99)),
    lost,
    probes: Live.probes,
    load: loadResult,
  };
  log(
    `  live: delivery p50 ${delivery.p50} ms, p99 ${delivery.p99} ms, ${lost} lost, under ${Math.round(loadResult.rps * Live.batch)} positions/s`,
  );
  return { radios: fleet.length, ingestion, single, delivery };
}
