import { api, Code, type Endpoint } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positions, terminals } from '../src/db/schema.ts';
import { demoSsid, deviceCall, report, signIn } from './device-support.ts';
import { addOtherTenant, backends, useTestApp } from './harness.ts';

describe.each(backends)('the device API on %s', (backend) => {
  const { t, company } = useTestApp(backend, { sessions: ['company'] });

  it('signs a terminal in with its intercom password and gives its groups', async () => {
    const d = await signIn(t, demoSsid(5), '135790');
    expect(d.groups.map((g) => g.name)).toEqual(['Dispatch', 'Patrol']);
    const wrong = await deviceCall(t, api.device.login, { ssid: demoSsid(5), password: '000000' });
    expect([wrong.code, wrong.msg.en]).toEqual([Code.loginFailed, 'SSID(IMEI) or intercom password error']);
    const unknown = await deviceCall(t, api.device.login, { ssid: '999999999999999', password: '000000' });
    expect(unknown.msg.en).toBe('SSID(IMEI) or intercom password error');
  });

  it('tells the radio its company’s services and its active functions when it signs in', async () => {
    const d = await signIn(t, demoSsid(4));
    const res = await deviceCall(t, api.device.login, { ssid: demoSsid(4), password: '654321' });
    expect(res.data.services).toEqual({
      binding_platform: 0,
      member_display: 1,
      noise_reduction: 0,
      user_intercom: 1,
      company_dispatcher: 0,
      gps: 1,
      single_call: 1,
    });
    expect(res.data.functions).toEqual(['voice', 'recording', 'location', 'sos', 'fence']);
    expect(d.id).toBeGreaterThan(0);
  });

  it('keeps no positions while the company’s GPS is off or the Location function is not active', async () => {
    const d = await signIn(t, demoSsid(1));
    const fix = { lat: 22.3193, lng: 114.1694, time: new Date() };
    const stored = async () =>
      (await t.database.db.select({ id: positions.id }).from(positions).where(eq(positions.terminalId, d.id)))
        .length;
    const before = await stored();
    const off = { id: d.orgId, gps: 0 };
    expect((await t.call(api.org.setBindingPlatform, off, company)).code).toBe(Code.ok);
    const refused = await report(t, d.token, [fix]);
    expect([refused.code, refused.msg.en]).toEqual([
      Code.rule,
      'Positioning (GPS) is turned off for this company',
    ]);
    // An SOS still goes through; its position is not kept.
    const sos = await deviceCall(t, api.device.sos, { device_token: d.token, lat: fix.lat, lng: fix.lng });
    expect(sos.code).toBe(Code.ok);
    expect(await stored()).toBe(before);
    expect((await t.call(api.org.setBindingPlatform, { ...off, gps: 1 }, company)).code).toBe(Code.ok);

    // Location lapsed: refused. Location on and Fence lapsed: kept, and no fence watches it.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.database.db.update(terminals).set({ locationExpires: yesterday }).where(eq(terminals.id, d.id));
    const lapsed = await report(t, d.token, [fix]);
    expect(lapsed.msg.en).toBe('The location function of this terminal is not activated or has expired');
    await t.database.db
      .update(terminals)
      .set({ locationExpires: '2099-01-01', fenceExpires: yesterday })
      .where(eq(terminals.id, d.id));
    const kept = await report(t, d.token, [fix]);
    expect(kept.data).toEqual({ accepted: 1, skipped: 0, alarms: 0 });
    expect(await stored()).toBe(before + 1);
    expect((await deviceCall(t, api.device.fences, { device_token: d.token })).data).toEqual([]);
    await t.database.db.update(terminals).set({ fenceExpires: '2099-01-01' }).where(eq(terminals.id, d.id));
    expect((await deviceCall(t, api.device.fences, { device_token: d.token })).data.length).toBeGreaterThan(
      0,
    );
  });

  it('locks an SSID after five wrong passwords', async () => {
    const ssid = demoSsid(6);
    await signIn(t, ssid, '246802');
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await deviceCall(t, api.device.login, { ssid, password: '111111' })).code);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(Code.loginFailed));
    expect(codes[5]).toBe(Code.tooMany);
    expect((await deviceCall(t, api.device.login, { ssid, password: '246802' })).code).toBe(Code.tooMany);
  });

  it('ends device tokens when the company gives the terminal a new intercom password', async () => {
    const d = await signIn(t, demoSsid(3));
    const fix = { lat: 22.3, lng: 114.17, time: new Date() };
    expect((await report(t, d.token, [fix])).code).toBe(Code.ok);
    expect((await t.call(api.terminal.resetIntercomPassword, { id: d.id }, company)).code).toBe(Code.ok);
    expect((await report(t, d.token, [fix])).code).toBe(Code.unauthorized);
  });

  it('takes one position in the query or a batch in the body, skipping implausible times', async () => {
    const d = await signIn(t, demoSsid(2));
    const one = await deviceCall(t, api.device.positions, {
      device_token: d.token,
      lat: 22.31,
      lng: 114.18,
      time: Date.now(),
      speed: 12.5,
      accuracy: 8,
    });
    expect(one.data).toEqual({ accepted: 1, skipped: 0, alarms: 0 });
    const batch = await report(t, d.token, [
      { lat: 22.31, lng: 114.18, time: new Date(Date.now() - 60_000) },
      { lat: 22.31, lng: 114.18, time: new Date(Date.now() + 3_600_000) },
      { lat: 22.31, lng: 114.18, time: new Date('2001-01-01T00:00:00Z') },
    ]);
    expect(batch.data).toEqual({ accepted: 1, skipped: 2, alarms: 0 });
    const last = await t.call(api.location.last, { terminalId: d.id }, company);
    expect(last.data).toMatchObject({ speed: 12.5, accuracy: 8 });
    const tooMany = await deviceCall(
      t,
      api.device.positions,
      { device_token: d.token },
      {
        positions: Array.from({ length: 101 }, () => ({ lat: 1, lng: 1, time: Date.now() })),
      },
    );
    expect(tooMany.code).toBe(Code.invalid);
    expect((await deviceCall(t, api.device.positions, { device_token: d.token, lat: 1 })).code).toBe(
      Code.invalid,
    );
  });

  it('gives a terminal the fences that monitor it', async () => {
    const d = await signIn(t, demoSsid(1));
    const made = await t.call(
      api.fence.add,
      { name: 'Yard', shape: 'polygon', points: '22.30,114.17;22.30,114.18;22.31,114.18', trigger: 3 },
      company,
    );
    await t.call(api.fence.addMembers, { id: made.data.id, terminalIds: d.id }, company);
    const fences = await deviceCall(t, api.device.fences, { device_token: d.token });
    expect(fences.data.map((f) => f.name)).toEqual(['Harbour', 'Yard']);
    expect(fences.data[1]).toMatchObject({ shape: 'polygon', trigger: 3, center: null, radius: null });
    expect(fences.data[1].points).toHaveLength(3);
    expect(fences.data[0]).toMatchObject({
      shape: 'circle',
      center: { lat: 22.3193, lng: 114.1694 },
      radius: 250,
    });
  });

  it('keeps tracks and last positions within the scope', async () => {
    const d = await signIn(t, demoSsid(2));
    await addOtherTenant(t);
    const range = { start: new Date(Date.now() - 3_600_000).toISOString(), end: new Date().toISOString() };
    const own = await t.call(api.location.track, { terminalId: d.id, ...range }, company);
    expect(own.data.points.length).toBeGreaterThan(0);
    for (const s of [await t.login(1, 'company02', 'company123'), await t.login(0, 'agent02', 'agent123')]) {
      expect((await t.call(api.location.track, { terminalId: d.id, ...range }, s)).code).toBe(Code.notFound);
      expect((await t.call(api.location.last, { terminalId: d.id }, s)).code).toBe(Code.notFound);
    }
    const top = await t.login(0, 'agent01', 'agent123');
    expect((await t.call(api.location.last, { terminalId: d.id }, top)).data).not.toBeNull();
  });

  it('thins a long track evenly to 5000 points', async () => {
    const d = await signIn(t, demoSsid(5), '864202');
    const start = Date.now() - 6 * 3_600_000;
    const rows = Array.from({ length: 12_001 }, (_, i) => ({
      terminalId: d.id,
      orgId: d.orgId,
      agentPath: '',
      lat: 22.3 + i / 1e6,
      lng: 114.17,
      at: new Date(start + i * 1000),
    }));
    for (let i = 0; i < rows.length; i += 2000)
      await t.database.db.insert(positions).values(rows.slice(i, i + 2000));
    const range = { start: new Date(start).toISOString(), end: new Date().toISOString() };
    const track = await t.call(api.location.track, { terminalId: d.id, ...range }, company);
    expect(track.data.thinned).toBe(true);
    expect(track.data.points).toHaveLength(4001);
    expect(track.data.points[0].at).toBe(new Date(start).toISOString());
    expect(track.data.points[1].at).toBe(new Date(start + 3000).toISOString());
  });

  it('answers hostile input with a coded envelope, never a 5xx', async () => {
    const d = await signIn(t, demoSsid(4));
    const nasty = [
      "' or 1=1 --",
      '\u0000',
      'x'.repeat(5000),
      '-1',
      '1e309',
      'NaN',
      '[object Object]',
      '%00',
      '../../etc/passwd',
      '9'.repeat(40),
    ];
    const endpoints: Endpoint[] = [
      ...Object.values(api.sos),
      ...Object.values(api.fence),
      ...Object.values(api.location),
      ...Object.values(api.recording),
    ];
    for (const e of endpoints) {
      for (const value of nasty) {
        const fields = [
          'id',
          'terminalId',
          'orgId',
          'groupId',
          'fenceId',
          'start',
          'end',
          'lat',
          'lng',
          'name',
        ];
        const params = Object.fromEntries(
          ['points', 'center', 'timeZone', 'lang', 'status', 'kind', ...fields].map((k) => [k, value]),
        );
        const res = await t.app.inject({
          method: e.method,
          url: `${e.path}?${new URLSearchParams({ ...params, ...company })}`,
          headers: { range: `bytes=${value}` },
        });
        expect(res.statusCode, `${e.path} with ${JSON.stringify(value).slice(0, 20)}`).toBeLessThan(500);
        if (res.headers['content-type']?.toString().startsWith('application/json')) {
          expect(res.json().code).not.toBe(Code.internal);
        }
      }
    }
    for (const e of Object.values(api.device) as Endpoint[]) {
      for (const body of [
        { positions: 'x' },
        { positions: [{ lat: 'a' }] },
        [1, 2],
        'text',
        { positions: [null] },
      ]) {
        const res = await t.app.inject({
          method: e.method,
          url: `${e.path}?device_token=${d.token}&ssid=${encodeURIComponent("' or 1=1")}&groupId=1&start=1&duration=1`,
          payload: body as object,
        });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().code).not.toBe(Code.internal);
      }
    }
  });
});
