import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, Code } from '@ptt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSsid, signIn } from './device-support.ts';
import { addOtherTenant, backends, type Session, startTestApp, type TestApp } from './harness.ts';
import { toneWav } from './wav.ts';

describe.each(backends)('recordings on %s', (backend) => {
  let t: TestApp;
  let dir: string;
  let company: Session;
  let other: Session;
  let device: Awaited<ReturnType<typeof signIn>>;
  const wav = toneWav(1.5);
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ptt-recordings-'));
    t = await startTestApp(backend, { RECORDINGS_DIR: dir, RECORDING_MAX_BYTES: String(100_000) });
    await addOtherTenant(t);
    company = await t.login(1, 'company01', 'company123');
    other = await t.login(1, 'company02', 'company123');
    device = await signIn(t, demoSsid(4));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (query: Record<string, unknown>, payload: Buffer | string, type: string) =>
    t.app.inject({
      method: 'POST',
      url: `${api.device.recording.path}?${new URLSearchParams(query as Record<string, string>)}`,
      headers: { 'content-type': type },
      payload,
    });
  const started = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const meta = (groupIndex = 0, minutesAgo = 10) => ({
    device_token: device.token,
    groupId: String(device.groups[groupIndex].id),
    start: started(minutesAgo),
    duration: '1.5',
  });
  const multipart = (file: Buffer) => {
    const boundary = 'ptt-boundary-42';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="burst.wav"\r\n`),
      Buffer.from('Content-Type: application/octet-stream\r\n\r\n'),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, type: `multipart/form-data; boundary=${boundary}` };
  };
  const play = (
    id: number,
    session: Session,
    headers: Record<string, string> = {},
    path = api.recording.play.path,
  ) =>
    t.app.inject({ method: 'GET', url: `${path}?id=${id}&${new URLSearchParams({ ...session })}`, headers });

  it('takes an upload as a raw body and as multipart, and lists both', async () => {
    const raw = await upload(meta(0, 20), wav, 'audio/wav');
    expect(raw.json()).toMatchObject({ code: Code.ok });
    const form = multipart(wav);
    const multi = await upload(meta(1, 5), form.body, form.type);
    expect(multi.json()).toMatchObject({ code: Code.ok });
    const list = await t.call(api.recording.list, {}, company);
    expect(list.data.total).toBe(2);
    expect(list.data.list[0]).toMatchObject({
      terminal_name: 'Radio4',
      group_name: device.groups[1].name,
      duration: 1.5,
      content_type: 'audio/wav',
      size: wav.length,
    });
    // An agent's rows name the company whose talk it is.
    const agent = await t.login(0, 'agent01', 'agent123');
    const agents = await t.call(api.recording.list, {}, agent);
    expect(agents.data.list.map((r) => r.org_name)).toEqual(['Demo_Company', 'Demo_Company']);
  });

  it('filters by group, terminal and dates, with the 90-day rule', async () => {
    const byGroup = await t.call(api.recording.list, { groupId: device.groups[0].id }, company);
    expect(byGroup.data.total).toBe(1);
    expect((await t.call(api.recording.list, { terminalId: device.id }, company)).data.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await t.call(api.recording.list, { start: yesterday, end: tomorrow }, company)).data.total).toBe(
      2,
    );
    expect(
      (await t.call(api.recording.list, { start: '2021-01-01', end: '2021-02-01' }, company)).data.total,
    ).toBe(0);
    const long = await t.call(api.recording.list, { start: '2021-01-01', end: '2021-05-01' }, company);
    expect(long.msg.en).toBe('The date range cannot exceed 90 days');
    const backwards = await t.call(api.recording.list, { start: today, end: yesterday }, company);
    expect(backwards.msg.en).toBe('The start date cannot be after the end date');
  });

  it('streams with the content type, honours ranges and serves a download', async () => {
    const [rec] = (await t.call(api.recording.list, {}, company)).data.list;
    const whole = await play(rec.id, company);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(wav.length);
    expect(whole.rawPayload.equals(wav)).toBe(true);

    const part = await play(rec.id, company, { range: 'bytes=0-43' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-43/${wav.length}`);
    expect(part.rawPayload.equals(wav.subarray(0, 44))).toBe(true);

    const tail = await play(rec.id, company, { range: 'bytes=-100' });
    expect([tail.statusCode, tail.rawPayload.length]).toEqual([206, 100]);
    expect(tail.rawPayload.equals(wav.subarray(wav.length - 100))).toBe(true);

    const past = await play(rec.id, company, { range: `bytes=${wav.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${wav.length}`);

    const file = await play(rec.id, company, {}, api.recording.download.path);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''Radio4_.*\.wav$/);
    expect(file.rawPayload.equals(wav)).toBe(true);
  });

  it('refuses what is not audio, too large, in another company’s group or without a token', async () => {
    const html = await upload(meta(), '<html><script>alert(1)</script></html>', 'audio/wav');
    expect(html.json().msg.en).toMatch(/^Unsupported audio format/);
    const big = await upload(meta(), Buffer.concat([wav, Buffer.alloc(100_000)]), 'application/octet-stream');
    expect(big.json().msg.en).toBe('The audio file is too large');
    const empty = await upload(meta(), '', 'audio/ogg');
    expect(empty.json().msg.en).toMatch(/^Unsupported audio format/);
    const json = await t.app.inject({
      method: 'POST',
      url: `${api.device.recording.path}?${new URLSearchParams(meta())}`,
      payload: { a: 1 },
    });
    expect(json.json().msg.en).toMatch(/^Unsupported audio format/);
    const noGroup = await upload({ ...meta(), groupId: '999999' }, wav, 'audio/wav');
    expect(noGroup.json().code).toBe(Code.notFound);
    const noToken = await upload({ ...meta(), device_token: 'nope' }, wav, 'audio/wav');
    expect(noToken.json().code).toBe(Code.unauthorized);
    const future = await upload(
      { ...meta(), start: new Date(Date.now() + 3_600_000).toISOString() },
      wav,
      'audio/wav',
    );
    expect(future.json().code).toBe(Code.invalid);
    expect((await t.call(api.recording.list, {}, company)).data.total).toBe(2);
  });

  it('refuses a group of its own company that the terminal is not a member of, like a missing one', async () => {
    const outsider = await signIn(t, demoSsid(1));
    const notMine = device.groups.find((g) => !outsider.groups.some((o) => o.id === g.id));
    expect(notMine).toBeDefined();
    const before = (await t.call(api.recording.list, {}, company)).data.total;
    const res = await upload(
      { ...meta(), device_token: outsider.token, groupId: String(notMine?.id) },
      wav,
      'audio/wav',
    );
    expect([res.json().code, res.json().msg.en]).toEqual([Code.notFound, 'The record does not exist']);
    expect((await t.call(api.recording.list, {}, company)).data.total).toBe(before);
  });

  it('keeps another company out of the list and the audio', async () => {
    const [rec] = (await t.call(api.recording.list, {}, company)).data.list;
    expect((await t.call(api.recording.list, {}, other)).data.total).toBe(0);
    const stolen = await play(rec.id, other);
    expect(stolen.json()).toMatchObject({ code: Code.notFound });
    const anonymous = await t.app.inject({ method: 'GET', url: `${api.recording.play.path}?id=${rec.id}` });
    expect(anonymous.json()).toMatchObject({ code: Code.unauthorized });
  });
});
