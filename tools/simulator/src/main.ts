import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DeviceClient } from './client.ts';
import { type Credentials, simulate } from './simulate.ts';

const usage = `PTT Console terminal simulator — npm run simulate -- --company <account> [options]

  --company A        the company whose terminals to drive (names the credentials file)
  --terminals N      how many of its terminals (default 20, at most as many as the credentials list)
  --minutes M        how long to run (default 5)
  --url U            the server (default http://localhost:8080)
  --centre lat,lng   where the fleet roams (default 22.3193,114.1694, Hong Kong)
  --radius R         metres around the centre (default 1500)
  --step S           seconds between positions (default 5)
  --fix P            chance (0–1) that a terminal has a GPS fix at a step (default 1); one without a
                     fix for 30 s sends a heartbeat instead
  --seed N           the same seed gives the same paths and events (default: random)
  --concurrency C    terminals whose calls are in flight at once (default 32; raise it for thousands;
                     sign-ins stay at 32 at a time)
  --sos P            chance (0–1) per terminal and step of raising an SOS (default 0.002)
  --talk P           chance (0–1) per terminal and step of uploading a talk burst (default 0.01);
                     lower both for thousands of terminals
  --batch B          fixes a terminal gathers before it sends them in one call (default 1); a fleet
                     of thousands sends every 10 s: --step 1 --batch 10
  --credentials F    SSIDs and intercom passwords, as written by
                     npm run ptt -- terminal:passwords --org <account>
                     (default apps/server/data/simulator/<account>.json)
`;

const { values } = parseArgs({
  options: Object.fromEntries(
    [
      'company',
      'terminals',
      'minutes',
      'url',
      'centre',
      'radius',
      'step',
      'fix',
      'seed',
      'concurrency',
      'batch',
      'sos',
      'talk',
      'credentials',
    ].map((k) => [k, { type: 'string' as const }]),
  ),
});
const v = values as Record<string, string | undefined>;

const positive = (key: string, fallback: number) => {
  const n = v[key] === undefined ? fallback : Number(v[key]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${key} must be a positive number`);
  return n;
};

const chance = (key: string, fallback: number) => {
  const n = v[key] === undefined ? fallback : Number(v[key]);
  if (!(n >= 0 && n <= 1)) throw new Error(`--${key} must be a chance between 0 and 1`);
  return n;
};

function centreOf(text = '22.3193,114.1694') {
  const [lat, lng] = text.split(',').map(Number);
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) throw new Error('--centre must be lat,lng in degrees');
  return { lat, lng };
}

function credentialsOf(company: string, file?: string): Credentials[] {
  const path =
    file ?? fileURLToPath(new URL(`../../../apps/server/data/simulator/${company}.json`, import.meta.url));
  let parsed: { terminals?: Credentials[] };
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new Error(
      `no credentials at ${path}: run  npm run ptt -- terminal:passwords --org ${company}  first (see README)`,
    );
  }
  return (parsed.terminals ?? []).filter((t) => typeof t.ssid === 'string' && typeof t.password === 'string');
}

async function main() {
  if (!v.company) {
    console.log(usage);
    process.exitCode = 1;
    return;
  }
  const all = credentialsOf(v.company, v.credentials);
  const wanted = positive('terminals', 20);
  const terminals = all.slice(0, wanted);
  if (terminals.length < wanted) console.log(`only ${terminals.length} terminal(s) in the credentials list`);
  const stepSeconds = positive('step', 5);
  const steps = Math.max(1, Math.round((positive('minutes', 5) * 60) / stepSeconds));
  const url = (v.url ?? 'http://localhost:8080').replace(/\/$/, '');
  console.log(
    `${terminals.length} terminal(s) of ${v.company} for ${steps} steps of ${stepSeconds} s at ${url}`,
  );
  const result = await simulate({
    client: () => new DeviceClient(url),
    terminals,
    centre: centreOf(v.centre),
    radius: positive('radius', 1500),
    steps,
    stepSeconds,
    fixChance: Math.min(1, positive('fix', 1)),
    concurrency: Math.round(positive('concurrency', 32)),
    batch: Math.round(positive('batch', 1)),
    sosChance: chance('sos', 0.002),
    recordingChance: chance('talk', 0.01),
    seed: v.seed === undefined ? Date.now() % 2 ** 31 : Number(v.seed),
    pace: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    log: (line) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`),
  });
  const { positions, alarms, sos, recordings, heartbeats, withheld, errors } = result;
  console.log(
    `done: ${positions} positions, ${heartbeats} heartbeats, ${alarms} fence alarms, ${sos} SOS, ${recordings} recordings, ${withheld} SOS or recordings withheld (function not active)`,
  );
  for (const e of errors.slice(0, 20)) console.log(`  error ${e}`);
  if (errors.length > 20) console.log(`  … and ${errors.length - 20} more errors`);
  if (errors.length > 0 && positions === 0) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
