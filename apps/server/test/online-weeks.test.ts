import { api, Code } from '@ptt/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { terminals, terminalWeeks } from '../src/db/schema.ts';
import { demoSsid, deviceCall, report, signIn } from './device-support.ts';
import { addOtherTenant, bothBackends, type Session, startTestApp, type TestApp } from './harness.ts';

/*
 * A company's online count per week against a plain count of the device calls made: radios call at
 * random instants of the last weeks (positions, heartbeats, fences, some within seconds of each other and
 * across a week's edge), one moves to another company mid-week, and a burst of calls opens a week at once.
 * The report is read in UTC, where a week is the stored week exactly.
 */
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday (YYYY-MM-DD) of the UTC week of an instant. */
const mondayOf = (at: Date) => {
  const d = new Date(at);
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

/** A repeatable sequence of numbers in [0, 1). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
};

describe.each(bothBackends)('online weeks on %s', (backend) => {
  let t: TestApp;
  let company: Session;
  let other: Session;
  let otherOrg: { id: number; agentPath: string };
  const radios: Awaited<ReturnType<typeof signIn>>[] = [];
  /** What was called: company → week → terminals. */
  const called = new Map<number, Map<string, Set<number>>>();
  const note = (orgId: number, at: Date, terminalId: number) => {
    const weeks = called.get(orgId) ?? new Map<string, Set<number>>();
    called.set(orgId, weeks);
    const week = mondayOf(at);
    weeks.set(week, (weeks.get(week) ?? new Set()).add(terminalId));
  };

  beforeAll(async () => {
    // The sweeper runs on real time and would turn the radios of past instants offline at random.
    t = await startTestApp(backend, {}, { sweepOnTimer: false });
    const tenant = await addOtherTenant(t);
    otherOrg = { id: tenant.org.id, agentPath: tenant.org.agentPath };
    company = await t.login(1, 'company01', 'company123');
    other = await t.login(1, 'company02', 'company123');
    for (let n = 1; n <= 6; n++) {
      const radio = await signIn(t, demoSsid(n));
      radios.push(radio);
      note(radio.orgId, new Date(), radio.id);
    }
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  /** A device call at `at` by the clock of the server. */
  const callAt = async (at: Date, radio: (typeof radios)[number], kind: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const res =
      kind === 0
        ? await report(t, radio.token, [{ lat: 22.3, lng: 114.1, time: at }])
        : await deviceCall(t, kind === 1 ? api.device.heartbeat : api.device.fences, {
            device_token: radio.token,
          });
    vi.useRealTimers();
    const [row] = await t.database.db
      .select({ orgId: terminals.orgId })
      .from(terminals)
      .where(eq(terminals.id, radio.id));
    // The other company has GPS off: its radios' positions are refused, and their calls still count.
    const refused = kind === 0 && row.orgId === otherOrg.id;
    expect(res.code).toBe(refused ? Code.rule : Code.ok);
    note(row.orgId, at, radio.id);
  };

  const onlineOf = async (session: Session, orgId: number) => {
    const res = await t.call(api.report.org, { weeks: 6, timeZone: 'UTC' }, session);
    expect(res.code).toBe(Code.ok);
    const weeks = called.get(orgId) ?? new Map<string, Set<number>>();
    return {
      reported: res.data.weeks.map((w) => [w.week, w.online]),
      counted: res.data.weeks.map((w) => [w.week, weeks.get(w.week)?.size ?? 0]),
    };
  };

  it('counts in each week the terminals that called in it, whatever the call', async () => {
    const next = random(backend === 'pglite' ? 7 : 11);
    const now = Date.now();
    // Instants of the last five weeks in order, as a clock runs; some a few seconds apart.
    let at = now - 5 * WEEK_MS;
    const calls: { at: Date; radio: number; kind: number }[] = [];
    while (at < now - 60_000) {
      calls.push({ at: new Date(at), radio: Math.floor(next() * 4), kind: Math.floor(next() * 3) });
      at += next() < 0.3 ? 1_000 + next() * 10_000 : next() * 2 * DAY_MS;
    }
    // Across a week's edge within seconds, when a radio seen lately writes nothing more.
    const edge = Date.parse(`${mondayOf(new Date(now - 2 * WEEK_MS))}T00:00:00Z`);
    calls.push(
      { at: new Date(edge - 5_000), radio: 5, kind: 1 },
      { at: new Date(edge + 2_000), radio: 5, kind: 1 },
    );
    calls.sort((a, b) => a.at.getTime() - b.at.getTime());
    // Mid-way, a radio calls, moves to the other company a minute later, and calls from there at once.
    const moveAt = calls[Math.floor(calls.length / 2)].at.getTime();
    let moved = false;
    for (const c of calls) {
      if (!moved && c.at.getTime() >= moveAt) {
        await callAt(new Date(moveAt - 60_000), radios[0], 1);
        await t.database.db
          .update(terminals)
          .set({ orgId: otherOrg.id, agentPath: otherOrg.agentPath })
          .where(eq(terminals.id, radios[0].id));
        moved = true;
        await callAt(c.at, radios[0], 1);
      }
      await callAt(c.at, radios[c.radio], c.kind);
    }
    const own = await onlineOf(company, radios[0].orgId);
    expect(own.reported).toEqual(own.counted);
    const theirs = await onlineOf(other, otherOrg.id);
    expect(theirs.reported).toEqual(theirs.counted);
    expect(theirs.counted.some(([, n]) => n === 1)).toBe(true);
    // The weeks on each side of the edge radio 5 called across counts it on both sides.
    const weeks = called.get(radios[5].orgId);
    expect(weeks?.get(mondayOf(new Date(edge - 5_000)))?.has(radios[5].id)).toBe(true);
    expect(weeks?.get(mondayOf(new Date(edge)))?.has(radios[5].id)).toBe(true);
  }, 120_000);

  it('writes a week once when many calls open it at the same moment', async () => {
    const lastWeek = new Date(Date.now() - WEEK_MS);
    const burst = radios.slice(1);
    for (const radio of burst) await callAt(lastWeek, radio, 1);
    // Five radios, each calling five times at once, all of them first calls of this week.
    const thisWeek = mondayOf(new Date());
    await t.database.db.delete(terminalWeeks).where(
      and(
        eq(terminalWeeks.week, thisWeek),
        inArray(
          terminalWeeks.terminalId,
          burst.map((r) => r.id),
        ),
      ),
    );
    for (const radio of burst) called.get(radio.orgId)?.get(thisWeek)?.delete(radio.id);
    const answers = await Promise.all(
      burst.flatMap((radio) =>
        Array.from({ length: 5 }, (_, k) =>
          k % 2 === 0
            ? deviceCall(t, api.device.heartbeat, { device_token: radio.token })
            : report(t, radio.token, [{ lat: 22.3, lng: 114.1, time: new Date() }]),
        ),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => Code.ok));
    for (const radio of burst) note(radio.orgId, new Date(), radio.id);
    const after = await onlineOf(company, radios[1].orgId);
    expect(after.reported).toEqual(after.counted);
    const burstIds = burst.map((r) => r.id);
    expect([...(called.get(radios[1].orgId)?.get(thisWeek) ?? [])]).toEqual(expect.arrayContaining(burstIds));
  }, 60_000);
});
