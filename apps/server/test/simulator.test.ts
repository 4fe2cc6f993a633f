import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, FenceTrigger } from '@ptt/contract';
import { DeviceClient, type Fix, simulate } from '@ptt/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../src/db/schema.ts';
import { resetCredentials } from '../src/modules/device/provision.ts';
import { contains, type Shape } from '../src/modules/fence/geometry.ts';
import { backends, type Session, startTestApp, type TestApp } from './harness.ts';

const REPEAT_MS = 300_000;
const centre = { lat: 22.3193, lng: 114.1694 };

/** Alarms a no-entry fence owes a track: per stay inside, one at entry and one per full interval after. */
function noEntryAlarms(track: Fix[], shape: Shape) {
  let alarms = 0;
  let since: number | null = null;
  for (const f of track) {
    if (!contains(shape, f)) since = null;
    else if (since === null || f.time.getTime() - since >= REPEAT_MS) {
      alarms += 1;
      since = f.time.getTime();
    }
  }
  return alarms;
}

/** Alarms an enter fence owes a track: each step from outside to inside after the first position. */
const entries = (track: Fix[], shape: Shape) =>
  track.filter((f, i) => i > 0 && contains(shape, f) && !contains(shape, track[i - 1])).length;
const insideCount = (track: Fix[], shape: Shape) => track.filter((f) => contains(shape, f)).length;

describe.each(backends)('the simulator against a live server on %s', (backend) => {
  let t: TestApp;
  let dir: string;
  let base: string;
  let company: Session;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ptt-sim-'));
    t = await startTestApp(backend, { RECORDINGS_DIR: dir });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    company = await t.login(1, 'company01', 'company123');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('drives terminals through fences: alarms match the paths exactly; SOS and recordings arrive', async () => {
    const credentials = await resetCredentials(t.database.db, 'company01', { count: 3 });
    const ids = (await t.call(api.terminal.list, { size: 10 }, company)).data.list.map((u) => u.id);
    const zone = { lat: centre.lat + 0.004, lng: centre.lng };
    const gate = [
      { lat: centre.lat - 0.006, lng: centre.lng - 0.003 },
      { lat: centre.lat - 0.006, lng: centre.lng + 0.003 },
      { lat: centre.lat - 0.003, lng: centre.lng + 0.003 },
      { lat: centre.lat - 0.003, lng: centre.lng - 0.003 },
    ];
    const start = new Date(Math.floor((Date.now() - 3 * 3600_000) / 3600_000) * 3600_000);
    const hour = start.getUTCHours();
    const closedWindow = {
      windowStart: `${String((hour + 6) % 24).padStart(2, '0')}:00`,
      windowEnd: `${String((hour + 7) % 24).padStart(2, '0')}:00`,
    };
    const fences = [
      {
        name: 'NoEntry',
        shape: 'circle',
        center: `${zone.lat},${zone.lng}`,
        radius: 150,
        trigger: FenceTrigger.noEntry,
      },
      {
        name: 'Gate',
        shape: 'polygon',
        points: gate.map((p) => `${p.lat},${p.lng}`).join(';'),
        trigger: FenceTrigger.enter,
      },
      {
        name: 'Closed',
        shape: 'circle',
        center: `${zone.lat},${zone.lng}`,
        radius: 150,
        trigger: FenceTrigger.noEntry,
        ...closedWindow,
      },
    ];
    const fenceIds: number[] = [];
    for (const f of fences) {
      const made = await t.call(api.fence.add, { ...f, timeZone: 'UTC' }, company);
      expect(made.code).toBe(20001);
      fenceIds.push(made.data.id);
      await t.call(api.fence.addMembers, { id: made.data.id, terminalIds: ids.join(',') }, company);
    }
    const sosBefore = (await t.call(api.sos.untreatedSOSCount, {}, company)).data;

    const result = await simulate({
      client: () => new DeviceClient(base),
      terminals: credentials.terminals,
      centre,
      radius: 700,
      steps: 240,
      stepSeconds: 5,
      start,
      seed: 11,
      fenceChance: 0.6,
      sosChance: 0.004,
      recordingChance: 0.01,
    });
    expect(result.errors).toEqual([]);
    expect(result.positions).toBe(3 * 240);

    const noEntry: Shape = { shape: 'circle', center: zone, radius: 150 };
    const gateShape: Shape = { shape: 'polygon', points: gate };
    const tracks = [...result.tracks.values()];
    const owed = {
      noEntry: tracks.reduce((n, tr) => n + noEntryAlarms(tr, noEntry), 0),
      gate: tracks.reduce((n, tr) => n + entries(tr, gateShape), 0),
      closedInside: tracks.reduce((n, tr) => n + insideCount(tr, noEntry), 0),
    };
    // The seed sends terminals through both fences and keeps one inside the zone past an interval.
    expect(owed.noEntry).toBeGreaterThan(tracks.length);
    expect(owed.gate).toBeGreaterThan(0);
    // A history list's total only tells whether a next page exists: the records are counted page by page.
    const count = async (filter: { fenceId?: number } = {}) => {
      let n = 0;
      for (let page = 1; ; page++) {
        const { list, total } = (await t.call(api.fence.records, { ...filter, page, size: 100 }, company))
          .data;
        n += list.length;
        if (page * 100 >= total) return n;
      }
    };
    expect(await count({ fenceId: fenceIds[0] })).toBe(owed.noEntry);
    expect(await count({ fenceId: fenceIds[1] })).toBe(owed.gate);
    expect(owed.closedInside).toBeGreaterThan(0);
    expect(await count({ fenceId: fenceIds[2] })).toBe(0);
    // The demo's Harbour fence monitors the same terminals: every alarm the server answered is on record.
    expect(result.alarms).toBe(await count());

    expect(result.sos).toBeGreaterThan(0);
    expect((await t.call(api.sos.untreatedSOSCount, {}, company)).data).toBe(sosBefore + result.sos);
    expect(result.recordings).toBeGreaterThan(0);
    expect((await t.call(api.recording.list, {}, company)).data.total).toBe(result.recordings);
    // 720 HTTP round trips: generous for a loaded machine running other test files beside it.
  }, 240_000);

  it('sends a batch of fixes per call, staggered over the fleet, and what is left at the last step', async () => {
    const credentials = await resetCredentials(t.database.db, 'company01', { count: 2 });
    const sizes: number[] = [];
    class Counting extends DeviceClient {
      override positions(fixes: Parameters<DeviceClient['positions']>[0]) {
        sizes.push(fixes.length);
        return super.positions(fixes);
      }
    }
    const start = new Date(Date.now() - 3600_000);
    const result = await simulate({
      client: () => new Counting(base),
      terminals: credentials.terminals,
      centre,
      steps: 10,
      stepSeconds: 5,
      start,
      seed: 3,
      batch: 4,
      sosChance: 0,
      recordingChance: 0,
    });
    expect(result.errors).toEqual([]);
    // The second terminal starts one fix later, so the two do not call at the same steps.
    expect(sizes.sort()).toEqual([1, 1, 2, 4, 4, 4, 4]);
    expect(result.positions).toBe(20);
    const ids = (await t.call(api.terminal.list, { size: 100 }, company)).data.list
      .filter((u) => credentials.terminals.some((c) => c.ssid === u.ssid))
      .map((u) => u.id);
    for (const terminalId of ids) {
      const track = await t.call(
        api.location.track,
        { terminalId, start: start.toISOString(), end: new Date().toISOString() },
        company,
      );
      expect(track.data.points).toHaveLength(10);
    }
  }, 60_000);

  it('sends heartbeats for terminals without a fix, which keeps them online on the fleet map', async () => {
    const credentials = await resetCredentials(t.database.db, 'company01', { count: 2 });
    const result = await simulate({
      client: () => new DeviceClient(base),
      terminals: credentials.terminals,
      centre,
      steps: 30,
      stepSeconds: 5,
      seed: 5,
      fixChance: 0.2,
      sosChance: 0,
      recordingChance: 0,
    });
    expect(result.errors).toEqual([]);
    expect(result.heartbeats).toBeGreaterThan(0);
    expect(result.positions).toBeLessThan(2 * 30);
    const fleet = (await t.call(api.location.fleet, {}, company)).data.list;
    const ssids = new Set(credentials.terminals.map((c) => c.ssid));
    expect(fleet.filter((r) => ssids.has(r.ssid)).map((r) => r.online)).toEqual([1, 1]);
  }, 60_000);

  it('offers no SOS or talk from terminals without those functions, and stops when the server refuses', async () => {
    // Radio5 and Radio6 of the demo have no SOS or Recording function; Radio1 has both, until it lapses.
    const credentials = await resetCredentials(t.database.db, 'company01', { count: 6 });
    const withoutSos = credentials.terminals.slice(4);
    const sosBefore = (await t.call(api.sos.untreatedSOSCount, {}, company)).data;
    const run = (terminals: typeof credentials.terminals) =>
      simulate({
        client: () => new DeviceClient(base),
        terminals,
        centre,
        steps: 20,
        stepSeconds: 5,
        start: new Date(Date.now() - 3600_000),
        seed: 7,
        sosChance: 0.5,
        recordingChance: 0.5,
      });
    const idle = await run(withoutSos);
    expect(idle.errors).toEqual([]);
    expect([idle.sos, idle.recordings]).toEqual([0, 0]);
    expect(idle.withheld).toBeGreaterThan(10);
    expect((await t.call(api.sos.untreatedSOSCount, {}, company)).data).toBe(sosBefore);

    // A function that lapses after sign-in: the first refusal (40302) silences it, and is no error.
    const radio1 = credentials.terminals[0];
    class Lapsing extends DeviceClient {
      override async login(ssid: string, password: string) {
        const session = await super.login(ssid, password);
        await t.database.db
          .update(terminals)
          .set({ sosExpires: '2001-01-01', recordingExpires: '2001-01-01' })
          .where(eq(terminals.ssid, ssid));
        return session;
      }
    }
    const lapsed = await simulate({
      client: () => new Lapsing(base),
      terminals: [radio1],
      centre,
      steps: 10,
      stepSeconds: 5,
      start: new Date(Date.now() - 1800_000),
      seed: 7,
      sosChance: 0.5,
      recordingChance: 0.5,
    });
    expect(lapsed.errors).toEqual([]);
    expect([lapsed.sos, lapsed.recordings]).toEqual([0, 0]);
    expect(lapsed.withheld).toBeGreaterThan(0);
    expect((await t.call(api.sos.untreatedSOSCount, {}, company)).data).toBe(sosBefore);
  }, 60_000);
});
