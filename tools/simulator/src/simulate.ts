import { Code } from '@ptt/contract';
import { type DeviceClient, DeviceError, type FenceInfo } from './client.ts';
import { type Point, randomPoint, Walker } from './motion.ts';
import { between, type Random, seeded } from './random.ts';
import { burstWav } from './wav.ts';

export interface Credentials {
  ssid: string;
  password: string;
}

export interface SimulationOptions {
  /** One client per terminal (they hold different tokens). */
  client: (ssid: string) => DeviceClient;
  terminals: Credentials[];
  centre: Point;
  /** Metres around the centre the fleet roams. */
  radius?: number;
  steps: number;
  stepSeconds?: number;
  /** The time of step 0; step n is reported at start + n × stepSeconds. */
  start?: Date;
  /** Waits between steps in real time (the CLI); tests leave it out and run at full speed. */
  pace?: (ms: number) => Promise<void>;
  seed?: number;
  /** Chances per terminal and step. */
  sosChance?: number;
  recordingChance?: number;
  /** Chance that the next waypoint is inside one of the terminal's fences, so paths cross them. */
  fenceChance?: number;
  /**
   * Chance per step that a terminal has a GPS fix to report (default 1: always). A terminal without one
   * for `heartbeatSeconds` sends a heartbeat, so the server keeps it online.
   */
  fixChance?: number;
  heartbeatSeconds?: number;
  /** Terminals whose calls are in flight at once (default 32): a fleet of thousands keeps its pace. */
  concurrency?: number;
  /**
   * Fixes a terminal gathers before it reports them in one call (default 1: every step), as radios
   * on a metered link do; whatever is gathered goes out at the last step.
   */
  batch?: number;
  log?: (line: string) => void;
}

export interface Fix {
  lat: number;
  lng: number;
  time: Date;
}

type Position = Fix & { speed: number; accuracy: number };

export interface SimulationResult {
  positions: number;
  alarms: number;
  sos: number;
  recordings: number;
  heartbeats: number;
  /**
   * SOS and talk bursts a terminal would have sent but did not, its SOS or Recording function being
   * inactive (as it said at sign-in, or as the server answered since: 40302).
   */
  withheld: number;
  errors: string[];
  /** What each terminal reported, by SSID. */
  tracks: Map<string, Fix[]>;
}

interface Unit {
  ssid: string;
  client: DeviceClient;
  walker: Walker;
  groups: number[];
  track: Fix[];
  /** Fixes gathered and not yet reported. */
  waiting: Position[];
  /** How many fixes it sends next: the first batch of each terminal is shorter by its place in the fleet, so a fleet's calls spread over the steps instead of coming all at once. */
  nextBatch: number;
  /** When (simulated time) the terminal last called the server. */
  lastCall: number;
  /** Its SOS and Recording functions are active: a radio without them offers neither. */
  can: { sos: boolean; recording: boolean };
}

/** Somewhere inside a fence: its centre, or the mean of a polygon's corners (inside for the convex ones). */
export function aimOf(f: FenceInfo): Point {
  if (f.center) return f.center;
  const n = f.points.length;
  return {
    lat: f.points.reduce((s, p) => s + p.lat, 0) / n,
    lng: f.points.reduce((s, p) => s + p.lng, 0) / n,
  };
}

/** Signs a terminal in and learns its fences: the part of enlisting that waits on the server. */
async function signIn(o: SimulationOptions, c: Credentials) {
  const client = o.client(c.ssid);
  const session = await client.login(c.ssid, c.password);
  return { client, session, fences: await client.fences() };
}

/** The terminal's walker and state; draws from `random` in the fleet's order, so a seed gives the same paths. */
function enlist(
  o: SimulationOptions,
  random: Random,
  c: Credentials,
  { client, session, fences }: Awaited<ReturnType<typeof signIn>>,
  result: SimulationResult,
) {
  const radius = o.radius ?? 1500;
  const pick = (): Point => {
    if (fences.length > 0 && random() < (o.fenceChance ?? 0.35)) {
      return aimOf(fences[Math.floor(random() * fences.length)]);
    }
    return randomPoint(random, o.centre, radius);
  };
  const unit: Unit = {
    ssid: c.ssid,
    client,
    walker: new Walker(random, randomPoint(random, o.centre, radius), pick),
    groups: session.groups.map((g) => g.id),
    track: [],
    waiting: [],
    nextBatch: 1 + (result.tracks.size % (o.batch ?? 1)),
    lastCall: o.start?.getTime() ?? Date.now(),
    can: { sos: session.functions.includes('sos'), recording: session.functions.includes('recording') },
  };
  result.tracks.set(c.ssid, unit.track);
  o.log?.(`${c.ssid} ${session.terminal.name}: ${fences.length} fence(s), ${unit.groups.length} group(s)`);
  return unit;
}

const SIGN_IN_CONCURRENCY = 32;

/** Runs `work` on every item, at most `limit` at a time. */
async function inPool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * What a terminal does at one step, decided up front: every draw from the fleet's `random` happens here,
 * in the fleet's order, so the calls can then go out concurrently and a seed still gives the same run.
 */
function plan(o: SimulationOptions, random: Random, unit: Unit, time: Date, last: boolean) {
  const seconds = o.stepSeconds ?? 5;
  const { position, kmh } = unit.walker.step(seconds);
  // Without a fix (indoors, say) there is no position to send; the sequence of chances is unchanged
  // when every step has one.
  const hasFix = (o.fixChance ?? 1) >= 1 || random() < (o.fixChance ?? 1);
  const fix = hasFix ? { ...position, time, speed: kmh, accuracy: between(random, 3, 15) } : undefined;
  if (fix) unit.waiting.push(fix);
  const due = unit.waiting.length >= unit.nextBatch || (last && unit.waiting.length > 0);
  if (due) unit.nextBatch = o.batch ?? 1;
  const report = due ? unit.waiting.splice(0) : undefined;
  const heartbeat = !report && time.getTime() - unit.lastCall >= (o.heartbeatSeconds ?? 30) * 1000;
  const sos = random() < (o.sosChance ?? 0.002);
  let recording: { group: number; start: Date; length: number; wav: Buffer } | undefined;
  if (unit.groups.length > 0 && random() < (o.recordingChance ?? 0.01)) {
    const length = Math.round(between(random, 1, 4) * 10) / 10;
    const group = unit.groups[Math.floor(random() * unit.groups.length)];
    recording = {
      group,
      start: new Date(time.getTime() - length * 1000),
      length,
      wav: burstWav(random, length),
    };
  }
  if (report || heartbeat || sos) unit.lastCall = time.getTime();
  return { time, position, report, heartbeat, sos, recording };
}

async function act(
  o: SimulationOptions,
  unit: Unit,
  step: ReturnType<typeof plan>,
  result: SimulationResult,
) {
  const { position, report, recording } = step;
  if (report) {
    const answer = await unit.client.positions(report);
    for (const fix of report) unit.track.push({ lat: fix.lat, lng: fix.lng, time: fix.time });
    result.positions += answer.accepted;
    result.alarms += answer.alarms;
    if (answer.alarms > 0) o.log?.(`${unit.ssid}: ${answer.alarms} fence alarm(s)`);
  } else if (step.heartbeat) {
    await unit.client.heartbeat();
    result.heartbeats += 1;
  }
  if (step.sos) {
    const sent = await withFunction(unit, 'sos', result, () =>
      unit.client.sos(position.lat, position.lng, step.time),
    );
    if (sent) {
      result.sos += 1;
      o.log?.(`${unit.ssid}: SOS at ${position.lat.toFixed(5)},${position.lng.toFixed(5)}`);
    }
  }
  if (recording) {
    const sent = await withFunction(unit, 'recording', result, () =>
      unit.client.recording(recording.group, recording.start, recording.length, recording.wav),
    );
    if (sent) result.recordings += 1;
  }
}

/**
 * Sends what needs a paid function only while the terminal has it; a refusal for an inactive function
 * (the card lapsed during the run) is no error: the terminal stops offering it, as a radio greys the key.
 */
async function withFunction(
  unit: Unit,
  fn: 'sos' | 'recording',
  result: SimulationResult,
  send: () => Promise<unknown>,
): Promise<boolean> {
  if (!unit.can[fn]) {
    result.withheld += 1;
    return false;
  }
  try {
    await send();
    return true;
  } catch (e) {
    if (!(e instanceof DeviceError) || e.code !== Code.functionInactive) throw e;
    unit.can[fn] = false;
    result.withheld += 1;
    return false;
  }
}

/**
 * Runs a fleet of terminals for a number of steps against a server: each signs in, learns its fences,
 * then every step moves, reports its position (or, without a fix for a while, a heartbeat) and now and
 * then raises an SOS or uploads a talk burst.
 * A terminal whose calls fail is noted in `errors` and keeps going; one that cannot sign in sits out.
 */
export async function simulate(o: SimulationOptions): Promise<SimulationResult> {
  const random = seeded(o.seed ?? 1);
  const result: SimulationResult = {
    positions: 0,
    alarms: 0,
    sos: 0,
    recordings: 0,
    heartbeats: 0,
    withheld: 0,
    errors: [],
    tracks: new Map(),
  };
  const concurrency = o.concurrency ?? 32;
  const signedIn: (Awaited<ReturnType<typeof signIn>> | undefined)[] = [];
  // The server counts sign-ins in flight from one address against a limit (60 a quarter of an hour,
  // given back on success), so a simulator on one machine signs in at most 32 at a time.
  await inPool(o.terminals, Math.min(concurrency, SIGN_IN_CONCURRENCY), async (c, i) => {
    try {
      signedIn[i] = await signIn(o, c);
    } catch (e) {
      result.errors.push(`${c.ssid}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  const units: Unit[] = [];
  o.terminals.forEach((c, i) => {
    const session = signedIn[i];
    if (session) units.push(enlist(o, random, c, session, result));
  });
  const stepMs = (o.stepSeconds ?? 5) * 1000;
  const start = (o.start ?? new Date()).getTime();
  for (let step = 0; step < o.steps; step++) {
    const time = new Date(start + step * stepMs);
    const plans = units.map((unit) => plan(o, random, unit, time, step === o.steps - 1));
    await inPool(units, concurrency, async (unit, i) => {
      try {
        await act(o, unit, plans[i], result);
      } catch (e) {
        const text = e instanceof DeviceError ? `${e.code} ${e.message}` : String(e);
        result.errors.push(`${unit.ssid} step ${step}: ${text}`);
      }
    });
    if (o.pace && step < o.steps - 1) await o.pace(Math.max(0, start + (step + 1) * stepMs - Date.now()));
  }
  return result;
}
