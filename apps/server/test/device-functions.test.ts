import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings, sosRecords, terminals } from '../src/db/schema.ts';
import { demoSsid, deviceCall, signIn } from './device-support.ts';
import { backends, type Session, startTestApp, type TestApp } from './harness.ts';
import { toneWav } from './wav.ts';

/** SOS and Recording follow their paid cards on the device API, as Location and Fence do. */
describe.each(backends)('the device API’s SOS and Recording functions on %s', (backend) => {
  let t: TestApp;
  let dir: string;
  let agent: Session;
  const wav = toneWav(0.5);
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ptt-functions-'));
    t = await startTestApp(backend, { RECORDINGS_DIR: dir });
    agent = await t.login(0, 'agent01', 'agent123');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sosOf = async (terminalId: number) =>
    (await t.database.db.select().from(sosRecords).where(eq(sosRecords.terminalId, terminalId))).length;
  const talkOf = async (terminalId: number) =>
    (await t.database.db.select().from(recordings).where(eq(recordings.terminalId, terminalId))).length;
  const upload = (d: Awaited<ReturnType<typeof signIn>>) =>
    t.app.inject({
      method: 'POST',
      url: `${api.device.recording.path}?${new URLSearchParams({
        device_token: d.token,
        groupId: String(d.groups[0].id),
        start: new Date(Date.now() - 60_000).toISOString(),
        duration: '0.5',
      })}`,
      headers: { 'content-type': 'audio/wav' },
      payload: wav,
    });

  it('refuses the SOS and the talk of a terminal whose functions are not activated, naming the function', async () => {
    // Radio5 of the demo has Location and Fence, not SOS or Recording.
    const d = await signIn(t, demoSsid(5));
    const login = await deviceCall(t, api.device.login, { ssid: demoSsid(5), password: '654321' });
    expect(login.data.functions).toEqual(['voice', 'location', 'fence']);
    const sosBefore = await sosOf(d.id);

    const sos = await deviceCall(t, api.device.sos, { device_token: d.token, lat: 22.31, lng: 114.17 });
    expect(sos.code).toBe(Code.functionInactive);
    expect(sos.msg).toEqual({
      en: 'The SOS function of this terminal is not activated or has expired',
      cn: '该终端的SOS功能未开通或已过期',
      cn2: '該終端的SOS功能未開通或已過期',
    });
    expect(sos.data).toEqual({ function: 'sos' });
    expect(await sosOf(d.id)).toBe(sosBefore);

    const talk = (await upload(d)).json();
    expect([talk.code, talk.msg.en, talk.data]).toEqual([
      Code.functionInactive,
      'The recording function of this terminal is not activated or has expired',
      { function: 'recording' },
    ]);
    expect(await talkOf(d.id)).toBe(0);

    // Activated with the agent's cards: both go through at once, on the same device session.
    for (const cardType of [1, 3]) {
      expect((await t.call(api.terminal.addService, { ids: String(d.id), cardType }, agent)).code).toBe(
        Code.ok,
      );
    }
    expect((await deviceCall(t, api.device.sos, { device_token: d.token })).code).toBe(Code.ok);
    expect(await sosOf(d.id)).toBe(sosBefore + 1);
    expect((await upload(d)).json().code).toBe(Code.ok);
    expect(await talkOf(d.id)).toBe(1);
  });

  it('refuses them again once the functions have expired', async () => {
    const d = await signIn(t, demoSsid(1));
    expect((await deviceCall(t, api.device.sos, { device_token: d.token })).code).toBe(Code.ok);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.database.db
      .update(terminals)
      .set({ sosExpires: yesterday, recordingExpires: yesterday })
      .where(eq(terminals.id, d.id));
    expect((await deviceCall(t, api.device.sos, { device_token: d.token })).code).toBe(Code.functionInactive);
    expect((await upload(d)).json().data).toEqual({ function: 'recording' });
  });

  it('answers a lapsed Location function with the same code', async () => {
    const d = await signIn(t, demoSsid(6));
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.database.db.update(terminals).set({ locationExpires: yesterday }).where(eq(terminals.id, d.id));
    const refused = await deviceCall(t, api.device.positions, {
      device_token: d.token,
      lat: 22.31,
      lng: 114.17,
      time: Date.now(),
    });
    expect([refused.code, refused.data]).toEqual([Code.functionInactive, { function: 'location' }]);
  });
});
