import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allEndpoints, api, Code, type Endpoint } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, orgs, rateLimits, recordings, sessions } from '../../src/db/schema.ts';
import { hashPassword, sha256 } from '../../src/lib/crypto.ts';
import { signIn } from '../device-support.ts';
import { backends, type Session } from '../harness.ts';
import { toneWav } from '../wav.ts';
import { type Fuzzed, fuzzedParams, hostile } from './arbitraries.ts';
import { isExport, nameOf } from './endpoints.ts';
import { buildWorld, fingerprints, injectStreamed, leakPatterns, type World } from './fixtures.ts';

/** Runs per endpoint: enough to meet every parameter hostile and valid, small enough for two backends. */
const numRuns = Number(process.env.FUZZ_RUNS ?? 30);

/** A small upload limit, so the fuzz can pass it. */
const maxBytes = 16_384;

/**
 * Tables a refused call may write by design: throttle counters, spent puzzles, tries of an SMS code,
 * and a terminal's presence (any device call with a valid token says the radio is on, whatever its
 * parameters).
 */
const writtenOnRefusal = ['rate_limits', 'puzzles', 'sms_codes', 'geocode_cache', 'terminal_presence'];

const files = new Set<Endpoint>([
  api.recording.play,
  api.recording.download,
  api.agent.exportSalesRecord,
  ...allEndpoints().filter(isExport),
]);

/**
 * The event stream never ends, so it is fuzzed through `injectStreamed`: an allowed call is read up to
 * its headers (200, text/event-stream) and then let go; a refused one is an envelope like any other.
 */
const streams = new Set<Endpoint>([api.events.stream]);

const toQuery = (params: Record<string, unknown>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    const list = Array.isArray(v) ? v : [v];
    for (const item of list)
      q.append(k, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  }
  return q;
};

describe.each(backends)('fuzzing every endpoint from its contract schema on %s', (backend) => {
  let w: World;
  let deviceToken: string;
  let known: Record<string, unknown[]>;
  const own: Record<'top' | 'company', [0 | 1, string, string]> = {
    top: [0, 'agent01', 'agent123'],
    company: [1, 'company01', 'company123'],
  };

  /** The fuzz may log its callers out or change their passwords: put them back. */
  const ensureSessions = async () => {
    const db = w.t.database.db;
    for (const who of ['top', 'company'] as const) {
      const s = w.sessions[who] as Session;
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(s.access_token)));
      if (row && !row.revokedAt && row.expiresAt > new Date()) continue;
      const [role, account, password] = own[who];
      const hash = await hashPassword(password);
      if (role === 0) await db.update(agents).set({ passwordHash: hash }).where(eq(agents.account, account));
      else await db.update(orgs).set({ passwordHash: hash }).where(eq(orgs.account, account));
      await db.delete(rateLimits);
      w.sessions[who] = await w.t.login(role, account, password);
    }
  };

  beforeAll(async () => {
    w = await buildWorld(backend, { RECORDING_MAX_BYTES: String(maxBytes) });
    deviceToken = (await signIn(w.t, w.tenants.top.ssid)).token;
    const { top, sub } = w.tenants;
    const ids = [top.terminalId, sub.terminalId, top.groupId, top.orgId, sub.orgId, top.fenceId, 2147483647];
    known = {
      id: [...ids, top.sosId, top.recordingId, sub.agentId],
      ids: [top.terminalIds.join(','), String(sub.terminalId)],
      orgId: [top.orgId, sub.orgId],
      agentId: [sub.agentId, w.siblingId],
      terminalId: [top.terminalId, sub.terminalId, 0],
      terminalIds: [top.terminalIds.join(',')],
      groupId: [top.groupId, sub.groupId],
      groupIds: [String(top.groupId)],
      fenceId: [top.fenceId],
      ssid: [top.ssid, sub.ssid],
      oldSsid: [top.ssid],
      account: ['sibling01', 'zqxcompany'],
      device_token: [deviceToken],
    };
  }, 120_000);
  afterAll(() => w?.close(), 30_000);

  const endpoints = allEndpoints();

  it('fuzzes every endpoint of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(90);
  }, 30_000);

  it('answers 40001 to an id beyond the database range and to a date the calendar does not have', async () => {
    await ensureSessions();
    const top = w.sessions.top as Session;
    const cases: [Endpoint, Record<string, unknown>][] = [
      [api.group.detail, { id: '2147483648' }],
      [api.terminal.cardBack, { ids: '2147483648' }],
      [api.fence.addMembers, { id: '2147483648', terminalIds: '16' }],
      [api.terminal.detail, { id: '99999999999999' }],
      [api.agent.getSalesPurchaseRecord, { start: '2000-30-85', end: '2026-01-01' }],
      [api.agent.getSalesPurchaseRecord, { end: '2026-02-30' }],
      [api.agent.statement, { from: '2000-30-85' }],
      [api.agent.statementMonths, { to: '2026-13' }],
      [api.agent.statementExport, { to: '2026-02-30' }],
    ];
    for (const [e, params] of cases) {
      const res = await w.t.app.inject({
        method: e.method,
        url: `${e.path}?${toQuery({ ...params, ...top })}`,
      });
      expect([res.statusCode, res.json().code], `${nameOf(e)} ${JSON.stringify(params)}`).toEqual([
        200,
        Code.invalid,
      ]);
    }
  }, 30_000);

  it('answers malformed, oversized and foreign bodies with 40001 and no detail', async () => {
    await ensureSessions();
    const top = toQuery({ ...(w.sessions.top as Session) });
    const bodies: [string, string | Buffer][] = [
      ['application/json', '{"name":'],
      ['application/json', '{"__proto__":{"admin":true},"name":"x"}'],
      ['application/json', '{"constructor":{"prototype":{"admin":true}}}'],
      ['application/json', '[1,2,3]'],
      ['application/json', 'null'],
      ['application/json', Buffer.alloc(3 * 1024 * 1024, 0x20)],
      ['application/x-www-form-urlencoded', 'name=%E0%A4%A&contact=%'],
      ['text/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
      ['application/octet-stream', Buffer.from([0, 1, 2, 3])],
    ];
    for (const [type, payload] of bodies) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: `${api.group.add.path}?${top}`,
        headers: { 'content-type': type },
        payload,
      });
      const label = `${type} ${String(payload).slice(0, 40)}`;
      expect(res.statusCode, label).toBe(200);
      const answer = res.json();
      expect(answer.code, label).toBe(Code.invalid);
      for (const p of leakPatterns) expect(JSON.stringify(answer), label).not.toMatch(p);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  }, 30_000);

  it('answers hostile recording uploads with an envelope and keeps no file without its row', async () => {
    const device = await signIn(w.t, w.tenants.top.ssid);
    const wav = toneWav(0.2);
    // Found by this property: multipart bodies that end early used to be internal errors.
    const uploadUrl = `${api.device.recording.path}?${new URLSearchParams({
      device_token: device.token,
      groupId: String(device.groups[0].id),
      start: new Date(Date.now() - 60_000).toISOString(),
      duration: '0.2',
    })}`;
    const cut = await w.t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.from('--b\r\nContent-Disposition: form-data; \r\n\r\n'),
    });
    expect([cut.statusCode, cut.json().code]).toEqual([200, Code.invalid]);
    // And one whose file stops before the closing boundary.
    const broken = await w.t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF',
      ),
    });
    expect([broken.statusCode, broken.json().code]).toEqual([200, Code.invalid]);
    let stored = 0;
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 3000 }).map((b) => Buffer.from(b)),
      fc.integer({ min: 0, max: wav.length }).map((n) => wav.subarray(0, n)),
      fc.constant(wav),
      fc.constant(Buffer.alloc(maxBytes + 1, 1)),
      fc.constant(Buffer.concat([wav, Buffer.alloc(maxBytes)])),
      fc
        .string({ maxLength: 200 })
        .map((x) => Buffer.from(`--b\r\nContent-Disposition: form-data; ${x}\r\n\r\n`)),
      // A file part whose body stops before the closing boundary, or closes it.
      fc
        .tuple(fc.integer({ min: 0, max: wav.length }), fc.boolean())
        .map(([n, closed]) =>
          Buffer.concat([
            Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\n'),
            wav.subarray(0, n),
            Buffer.from(closed ? '\r\n--b--\r\n' : ''),
          ]),
        ),
    );
    const type = fc.constantFrom(
      'audio/wav',
      'application/octet-stream',
      'audio/x-anything',
      'multipart/form-data; boundary=b',
      'multipart/form-data',
      'text/plain',
      'application/json',
      'image/png',
    );
    const meta = fc.record({
      groupId: fc.oneof(fc.constant(String(device.groups[0].id)), hostile),
      start: fc.oneof(fc.constant(new Date(Date.now() - 60_000).toISOString()), hostile),
      duration: fc.oneof(fc.constant('0.2'), hostile),
    });
    await fc.assert(
      fc.asyncProperty(body, type, meta, async (payload, contentType, m) => {
        const q = new URLSearchParams({ device_token: device.token, ...m });
        const res = await w.t.app.inject({
          method: 'POST',
          url: `${api.device.recording.path}?${q}`,
          headers: { 'content-type': contentType },
          payload,
        });
        expect(res.statusCode).toBe(200);
        const answer = res.json();
        expect(answer.code, `${contentType} ${payload.length} bytes ${JSON.stringify(m)}`).not.toBe(
          Code.internal,
        );
        if (answer.code === Code.ok) stored++;
      }),
      { numRuns: numRuns * 3 },
    );
    // A good upload after all that is still stored, with its file.
    const good = await w.t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { 'content-type': 'audio/wav' },
      payload: wav,
    });
    expect(good.json().code).toBe(Code.ok);
    stored++;
    const files = readdirSync(w.recordingsDir, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => relative(w.recordingsDir, join(f.parentPath, f.name)))
      .sort();
    const rows = (await w.t.database.db.select({ file: recordings.file }).from(recordings))
      .map((r) => r.file)
      .sort();
    expect(files).toEqual(rows);
    expect(rows.length).toBeGreaterThanOrEqual(stored);
  }, 120_000);

  it('never answers 5xx, an internal error, a stack or SQL, and never writes on a refusal', async () => {
    const problems: string[] = [];
    const codes = new Map<number, number>();
    let calls = 0;
    const fingerprint = fingerprints(w.t, writtenOnRefusal);
    for (const e of endpoints) {
      await ensureSessions();
      let last = await fingerprint();
      const sessionFor = fc.constantFrom<('top' | 'company' | 'none')[]>(
        ...(e.access === 'agent'
          ? (['top'] as const)
          : e.access === 'org'
            ? (['company'] as const)
            : e.access === 'any'
              ? (['top', 'company'] as const)
              : (['none'] as const)),
      );
      await fc.assert(
        fc.asyncProperty(fuzzedParams(e, known), sessionFor, async (input: Fuzzed, who) => {
          const session = who === 'none' ? undefined : w.sessions[who];
          const body = input.asBody ? input.params : undefined;
          const q = toQuery({ ...(input.asBody ? {} : input.params), ...session });
          const opts = {
            method: e.method,
            url: `${e.path}?${q}`,
            ...(body ? { payload: body as object } : {}),
          };
          const res = streams.has(e) ? await injectStreamed(w.t, opts) : await w.t.app.inject(opts);
          calls++;
          const label = `${nameOf(e)} ${JSON.stringify(input).slice(0, 200)}`;
          const type = String(res.headers['content-type'] ?? '');
          if (res.statusCode >= 500) problems.push(`${label}: HTTP ${res.statusCode}`);
          if (!type.startsWith('application/json')) {
            const streamed = streams.has(e) && type.startsWith('text/event-stream');
            if ((!files.has(e) && !streamed) || res.statusCode >= 300)
              problems.push(`${label}: HTTP ${res.statusCode} ${type}`);
            last = await fingerprint();
            return;
          }
          const answer = res.json();
          codes.set(answer.code, (codes.get(answer.code) ?? 0) + 1);
          if (res.statusCode !== 200) problems.push(`${label}: HTTP ${res.statusCode}`);
          if (answer.code === Code.internal) problems.push(`${label}: internal error`);
          const text = JSON.stringify(answer.code === Code.ok ? answer.msg : [answer.msg, answer.data]);
          for (const p of leakPatterns)
            if (p.test(text)) problems.push(`${label}: ${p} in ${text.slice(0, 200)}`);
          // Whatever ids it is handed, the demo company never sees the sub-agent's company.
          if (who === 'company')
            for (const m of w.tenants.sub.markers)
              if (res.body.includes(m)) problems.push(`${label}: the company sees ${m}`);
          const now = await fingerprint();
          if (answer.code !== Code.ok && now !== last)
            problems.push(`${label}: refused with ${answer.code} ${answer.msg?.en} but wrote`);
          last = now;
          if (answer.code === Code.ok && /logout|password|setPhoneAndPwd/i.test(e.path)) {
            await ensureSessions();
            last = await fingerprint();
          }
        }),
        { numRuns, endOnFailure: true },
      );
    }
    expect(problems.slice(0, 40)).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(endpoints.length * numRuns);
    // The fuzz reached the services, not only the parameter checks.
    expect(codes.get(Code.ok) ?? 0).toBeGreaterThan(calls / 10);
    expect(codes.get(Code.invalid) ?? 0).toBeGreaterThan(calls / 10);
  }, 400_000);
});
