import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, recordings } from '../../src/db/schema.ts';
import { demoSsid, signIn } from '../device-support.ts';
import { backends, startTestApp, type TestApp } from '../harness.ts';
import { toneWav } from '../wav.ts';

/** One terminal sending audio in a loop: bounded in rate and in bytes a day, and only audio stored. */
describe.each(backends)('terminal uploads on %s', (backend) => {
  let t: TestApp;
  let dir: string;
  let device: Awaited<ReturnType<typeof signIn>>;
  const wav = toneWav(20); // about 320 kB

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ptt-uploads-'));
    t = await startTestApp(backend, {
      RECORDINGS_DIR: dir,
      RECORDING_MAX_BYTES: String(1_000_000),
      RECORDING_TERMINAL_DAILY_BYTES: String(5 * wav.length),
    });
    device = await signIn(t, demoSsid(4));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.database.db.delete(recordings);
    await t.database.db.delete(rateLimits);
  });

  const upload = (payload: Buffer) =>
    t.app
      .inject({
        method: 'POST',
        url: `${api.device.recording.path}?${new URLSearchParams({
          device_token: device.token,
          groupId: String(device.groups[0].id),
          start: new Date(Date.now() - 60_000).toISOString(),
          duration: '20',
        })}`,
        headers: { 'content-type': 'application/octet-stream' },
        payload,
      })
      .then((r) => r.json() as { code: number; msg: { en: string } });
  const stored = async () =>
    (await t.database.db.select().from(recordings).where(eq(recordings.terminalId, device.id))).length;

  it('stores at most the daily quota of one terminal, however many it sends at once', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload(wav)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(5);
    expect(new Set(answers.filter((a) => a.code !== Code.ok).map((a) => a.code))).toEqual(
      new Set([Code.rule]),
    );
    expect(await stored()).toBe(5);
  });

  it('takes at most 20 bursts a minute from one terminal', async () => {
    const small = toneWav(0.1);
    const answers = await Promise.all(Array.from({ length: 30 }, () => upload(small)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(20);
    expect(answers.filter((a) => a.code === Code.tooMany)).toHaveLength(10);
  });

  it('refuses a WAV header followed by a page, or by chunks that do not hold', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'.repeat(50));
    const headerThenPage = Buffer.concat([wav.subarray(0, 44), page]);
    const brokenChunks = Buffer.concat([wav.subarray(0, 12), Buffer.alloc(2000, 0xff)]);
    for (const body of [headerThenPage, brokenChunks])
      expect((await upload(body)).msg.en).toBe((await upload(Buffer.from('x'))).msg.en);
    expect(await stored()).toBe(0);
    expect((await upload(wav)).code).toBe(Code.ok);
  });
});
