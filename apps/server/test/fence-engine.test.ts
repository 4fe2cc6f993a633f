import { api, Code, FenceTrigger } from '@ptt/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoSsid, type Fix, offset, report, signIn } from './device-support.ts';
import { backends, type Session, useTestApp } from './harness.ts';

const centre = { lat: 22.3, lng: 114.17 };
/** Midnight UTC two days ago: positions at known clock times, well within the accepted 30 days. */
const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 2 * 86_400_000);
const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);

/** One fix every 30 s from `from` (minutes): outside (600 m north) or inside (at the centre), per step. */
const path = (from: number, steps: string): Fix[] =>
  [...steps].map((c, i) => ({ ...(c === 'I' ? centre : offset(centre, 600)), time: at(from + i / 2) }));

describe.each(backends)('the fence engine on %s', (backend) => {
  const { t } = useTestApp(backend);
  let company: Session;
  let device: Awaited<ReturnType<typeof signIn>>;
  beforeEach(async () => {
    await t.reset();
    company = await t.login(1, 'company01', 'company123');
    device = await signIn(t, demoSsid(1));
  });

  const fence = async (trigger: number, extra: Record<string, unknown> = {}) => {
    const made = await t.call(
      api.fence.add,
      {
        name: `F${trigger}`,
        shape: 'circle',
        center: '22.3,114.17',
        radius: 200,
        trigger,
        timeZone: 'UTC',
        ...extra,
      },
      company,
    );
    expect(made.code).toBe(Code.ok);
    await t.call(api.fence.addMembers, { id: made.data.id, terminalIds: device.id }, company);
    return made.data.id;
  };
  const records = async (fenceId?: number) =>
    (await t.call(api.fence.records, { fenceId, size: 100 }, company)).data;

  it('no-entry: one alarm when entering, then one per 5-minute interval while inside, none after', async () => {
    const id = await fence(FenceTrigger.noEntry);
    // 2 minutes outside, 12 minutes inside (24 fixes), then outside.
    const res = await report(t, device.token, path(60, `${'O'.repeat(4)}${'I'.repeat(24)}${'O'.repeat(6)}`));
    expect(res.data).toEqual({ accepted: 34, skipped: 0, alarms: 3 });
    const list = await records(id);
    expect(list.list.map((r) => r.at).reverse()).toEqual(
      [at(62), at(67), at(72)].map((d) => d.toISOString()),
    );
    expect(list.list[0]).toMatchObject({
      kind: FenceTrigger.noEntry,
      fence_name: 'F3',
      org_name: 'Demo_Company',
      terminal_name: 'Radio1',
    });
  });

  it('no-entry: the interval holds across separate reports (state kept in the database)', async () => {
    await fence(FenceTrigger.noEntry);
    for (let i = 0; i < 14; i++) await report(t, device.token, path(60 + i, 'II'));
    expect((await records()).list.map((r) => r.at).reverse()).toEqual(
      [at(60), at(65), at(70)].map((d) => d.toISOString()),
    );
  });

  it('no-entry: 20 reports of one terminal at once inside the fence raise one alarm', async () => {
    const id = await fence(FenceTrigger.noEntry);
    // Within one 5-minute interval, in whatever order they are evaluated: each call waits for the
    // one before it, so exactly one finds the terminal entering.
    const calls = Array.from({ length: 20 }, (_, i) => report(t, device.token, path(60 + i / 10, 'I')));
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => Code.ok));
    expect(answers.reduce((n, a) => n + a.data.alarms, 0)).toBe(1);
    expect((await records(id)).total).toBe(1);
  });

  it('enter alarm: exactly one per crossing, none for staying or leaving', async () => {
    const id = await fence(FenceTrigger.enter);
    await report(t, device.token, path(60, 'OOIIIIOOOIIOIII'));
    expect((await records(id)).list.map((r) => r.at).reverse()).toEqual(
      [at(61), at(64.5), at(66)].map((d) => d.toISOString()),
    );
  });

  it('leave alarm and no-exit', async () => {
    const leave = await fence(FenceTrigger.leave);
    const noExit = await fence(FenceTrigger.noExit);
    await report(t, device.token, path(60, `II${'O'.repeat(22)}I`));
    expect((await records(leave)).list.map((r) => r.at)).toEqual([at(61).toISOString()]);
    expect((await records(noExit)).list.map((r) => r.at).reverse()).toEqual(
      [at(61), at(66), at(71)].map((d) => d.toISOString()),
    );
  });

  it('nothing outside the daily period or the dates', async () => {
    const night = await fence(FenceTrigger.noEntry, {
      name: 'Night',
      windowStart: '22:00',
      windowEnd: '06:00',
    });
    const elsewhen = await fence(FenceTrigger.enter, {
      name: 'Past',
      permanent: 0,
      dateStart: '2020-01-01',
      dateEnd: '2020-12-31',
    });
    // Inside from 12:00 to 12:30 (the afternoon): no alarm from either fence.
    await report(t, device.token, path(12 * 60, `OO${'I'.repeat(60)}`));
    expect((await records()).total).toBe(0);
    // Still inside when the period starts at 22:00: the no-entry fence alarms then, once.
    await report(t, device.token, path(22 * 60 - 1, 'IIII'));
    expect((await records(night)).list.map((r) => r.at)).toEqual([at(22 * 60).toISOString()]);
    expect((await records(elsewhen)).total).toBe(0);
  });

  it('evaluates a batch in time order and ignores positions older than the state', async () => {
    const id = await fence(FenceTrigger.enter);
    const fixes = path(60, 'OOII');
    await report(t, device.token, [...fixes].reverse());
    expect((await records(id)).total).toBe(1);
    await report(t, device.token, path(50, 'OIOI'));
    expect((await records(id)).total).toBe(1);
  });

  it('starts afresh after the fence changes and leaves alone terminals it does not monitor', async () => {
    const id = await fence(FenceTrigger.enter);
    await report(t, device.token, path(60, 'OI'));
    await t.call(
      api.fence.update,
      {
        id,
        name: 'F0',
        shape: 'circle',
        center: '22.3,114.17',
        radius: 300,
        trigger: FenceTrigger.enter,
        timeZone: 'UTC',
      },
      company,
    );
    await report(t, device.token, path(61, 'I'));
    expect((await records(id)).total).toBe(1);
    const stranger = await signIn(t, demoSsid(2));
    await report(t, stranger.token, path(60, 'OIOI'));
    expect((await records(id)).total).toBe(1);
  });

  it('keeps the track: last position with its address, a range, and "No location track"', async () => {
    await report(t, device.token, path(60, 'OOI'));
    const last = await t.call(api.location.last, { terminalId: device.id }, company);
    expect(last.data).toMatchObject({ lat: centre.lat, lng: centre.lng, at: at(61).toISOString() });
    expect(last.data?.address).toBe('near Wan Chai, Hong Kong SAR China (2.1 km)');
    const track = await t.call(
      api.location.track,
      { terminalId: device.id, start: at(0).toISOString(), end: at(120).toISOString() },
      company,
    );
    expect(track.data.points).toHaveLength(3);
    expect(track.data.thinned).toBe(false);
    const none = await t.call(
      api.location.track,
      { terminalId: device.id, start: at(200).toISOString(), end: at(300).toISOString() },
      company,
    );
    expect([none.code, none.msg.en]).toEqual([Code.notFound, 'No location track']);
    const long = await t.call(
      api.location.track,
      { terminalId: device.id, start: at(0).toISOString(), end: at(8 * 1440).toISOString() },
      company,
    );
    expect(long.msg.en).toBe('The track range cannot exceed 7 days');
  });
});
