import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, Code, type Endpoint } from '@ptt/contract';
import { eq, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import * as schema from '../../src/db/schema.ts';
import { sessions } from '../../src/db/schema.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import * as agents from '../../src/modules/agent/service.ts';
import * as cards from '../../src/modules/card/service.ts';
import * as orgs from '../../src/modules/org/service.ts';
import { demoSsid, report, signIn } from '../device-support.ts';
import { type Session, startTestApp, type TestApp } from '../harness.ts';
import { toneWav } from '../wav.ts';

/**
 * Callers of the scope matrix. Agent tree: top (agent01) → sub (subagent01) and sibling (a second
 * sub-agent of top); stranger is another top-level agent. company belongs to top, subCompany to sub,
 * strangerCompany to stranger. none sends no token, expired a session past its end.
 */
export const CallerNames = [
  'top',
  'sub',
  'sibling',
  'stranger',
  'company',
  'subCompany',
  'strangerCompany',
  'none',
  'expired',
] as const;
export type CallerName = (typeof CallerNames)[number];
export const companyCallers: CallerName[] = ['company', 'subCompany', 'strangerCompany'];

/** The records of one company and the agent above it; every name carries the tenant's marker. */
export interface Tenant {
  name: 'top' | 'sub';
  /** Starts the names of records made during the tests, so they stay marked as this tenant's. */
  prefix: 'Top' | 'Zqx';
  /** The agent that owns the company (and creates fresh records for destructive calls). */
  owner: CallerName;
  agentId: number;
  orgId: number;
  terminalId: number;
  terminalIds: number[];
  ssid: string;
  groupId: number;
  fenceId: number;
  sosId: number;
  recordingId: number;
  /** Text that appears in this tenant's names and nowhere else: a read that shows it leaked. */
  markers: string[];
}

/** One HTTP answer, JSON envelope or a file. */
export interface Answer {
  status: number;
  code: number;
  body: string;
  data: unknown;
  msg?: { en: string; cn: string; cn2: string };
  type: string;
}

const query = (params: Record<string, unknown>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) q.append(k, String(item));
    else q.append(k, String(v));
  }
  return q.toString();
};

/** Sends a call without any expectation about its answer (files answer with their own type). */
/**
 * `inject` for a call whose answer may be an event stream, which never ends: the stream is read up to
 * its headers and then let go as a client closing it would (the server detaches it on close); any other
 * answer is read whole.
 */
export async function injectStreamed(t: TestApp, opts: InjectOptions) {
  const res = await t.app.inject({ ...opts, payloadAsStream: true });
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('text/event-stream')) {
    res.raw.res.destroy();
    return { statusCode: res.statusCode, headers: res.headers, body: '', json: () => undefined };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString();
  return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) };
}

export async function send(
  t: TestApp,
  e: Endpoint,
  params: Record<string, unknown>,
  session?: Session,
  body?: unknown,
): Promise<Answer> {
  const opts: InjectOptions = {
    method: e.method,
    url: `${e.path}?${query({ ...params, ...session })}`,
    ...(body === undefined ? {} : { payload: body as object }),
  };
  const res = e === api.events.stream ? await injectStreamed(t, opts) : await t.app.inject(opts);
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    const json = res.json();
    return { status: res.statusCode, code: json.code, body: res.body, data: json.data, msg: json.msg, type };
  }
  if (type.startsWith('text/csv')) {
    // A list's export: its rows count like a page's total, and its text is searched for leaks.
    const rows = res.body.split('\r\n').filter((line) => line !== '').length - 1;
    return { status: res.statusCode, code: Code.ok, body: res.body, data: { total: rows }, type };
  }
  const file = res.statusCode === 200 || res.statusCode === 206;
  return { status: res.statusCode, code: file ? Code.ok : -res.statusCode, body: '', data: null, type };
}

/** Every table except throttle counters, as one digest: equal digests mean nothing was written. */
export async function fingerprint(t: TestApp, skip: string[] = ['rate_limits']): Promise<string> {
  const names = (Object.values(schema) as unknown[])
    .filter((x): x is PgTable => is(x, PgTable))
    .map((x) => getTableName(x))
    .filter((n) => !skip.includes(n))
    .sort();
  const parts = names.map(
    (n) =>
      `select '${n}' as t, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from "${n}" r`,
  );
  const res = await t.database.db.execute(sql.raw(parts.join(' union all ')));
  const rows = (Array.isArray(res) ? res : (res as { rows: { t: string; h: string }[] }).rows) as {
    t: string;
    h: string;
  }[];
  return rows
    .map((r) => `${r.t}:${r.h}`)
    .sort()
    .join(',');
}

/** One past the newest finished transaction id: it moves whenever a transaction that wrote has ended. */
async function nextTransactionId(t: TestApp): Promise<string> {
  const res = await t.database.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
  const rows = (Array.isArray(res) ? res : (res as { rows: { x: string }[] }).rows) as { x: string }[];
  return rows[0].x;
}

/**
 * `fingerprint` for a test that takes one after every call: the tables are read again only when a
 * transaction has ended since the last reading. A change of any row takes a transaction id, so while no
 * new one has ended the digest is the last one read.
 */
export function fingerprints(t: TestApp, skip?: string[]): () => Promise<string> {
  let seen: string | undefined;
  let digest = '';
  return async () => {
    const next = await nextTransactionId(t);
    if (next !== seen) {
      digest = await fingerprint(t, skip);
      seen = next;
    }
    return digest;
  };
}

export interface World {
  t: TestApp;
  sessions: Record<CallerName, Session | undefined>;
  tenants: { top: Tenant; sub: Tenant };
  /** Another sub-agent of top: a sibling of sub. */
  siblingId: number;
  /** Where the server keeps recording audio. */
  recordingsDir: string;
  /** Logs in again every caller whose session a call ended (password resets end sessions). */
  refresh(): Promise<void>;
  /** Fresh records of a tenant for calls that delete or move what they are given. */
  fresh: {
    terminal(tn: Tenant): Promise<{ id: number; ssid: string }>;
    group(tn: Tenant): Promise<number>;
    fence(tn: Tenant): Promise<number>;
    org(tn: Tenant): Promise<number>;
    ssid(): string;
  };
  close(): Promise<void>;
}

const accounts: Record<Exclude<CallerName, 'none'>, [0 | 1, string, string]> = {
  top: [0, 'agent01', 'agent123'],
  sub: [0, 'subagent01', 'agent123'],
  sibling: [0, 'sibling01', 'agent123'],
  stranger: [0, 'agent02', 'agent123'],
  company: [1, 'company01', 'company123'],
  subCompany: [1, 'zqxcompany', 'company123'],
  strangerCompany: [1, 'company02', 'company123'],
  expired: [0, 'agent01', 'agent123'],
};

const ok = <T extends { code: number; msg: { en: string } }>(what: string, res: T): T => {
  if (res.code !== Code.ok) throw new Error(`${what}: ${res.code} ${res.msg.en}`);
  return res;
};

/**
 * Builds two tenants through the API: the demo company of agent01 ('top') and a company of
 * subagent01 ('sub', every name marked 'Zqx'), each with terminals, a group, a fence, an SOS,
 * positions and a recording; plus a sibling sub-agent and a stranger agent with its company.
 */
export async function buildWorld(
  backend: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'ptt-security-'));
  // Terminals signed in here must not go offline in the middle of a suite: the sweeper would write
  // between two digests.
  const t = await startTestApp(backend, { RECORDINGS_DIR: dir, PRESENCE_TIMEOUT_SECONDS: '86400', ...env });
  const db = t.database.db;
  const s = {} as Record<CallerName, Session | undefined>;
  s.none = undefined;
  s.top = await t.login(0, 'agent01', 'agent123');
  s.sub = await t.login(0, 'subagent01', 'agent123');
  s.company = await t.login(1, 'company01', 'company123');

  const sibling = ok(
    'sibling',
    await t.call(
      api.agent.add,
      {
        name: 'SiblingAgent',
        contact: 'Sib',
        account: 'sibling01',
        password: 'agent123',
        blance: 1,
        recording_card: 1,
      },
      s.top,
    ),
  );
  s.sibling = await t.login(0, 'sibling01', 'agent123');

  const stranger = await agents.createTopLevelAgent(db, {
    name: 'StrangerAgent',
    account: 'agent02',
    password: 'agent123',
  });
  await db.transaction(async (tx) => {
    await cards.setSwitch(tx, stranger.id, { 0: true, 1: true });
    await cards.grant(tx, stranger.id, 0, 20);
  });
  await orgs.createOrg(db, stranger.id, { name: 'StrangerCo', account: 'company02', password: 'company123' });
  s.stranger = await t.login(0, 'agent02', 'agent123');
  s.strangerCompany = await t.login(1, 'company02', 'company123');

  const subOrg = ok(
    'sub company',
    await t.call(
      api.org.add,
      { name: 'ZqxCompany', contact: 'Zed', account: 'zqxcompany', password: 'company123' },
      s.sub,
    ),
  ).data.id;
  s.subCompany = await t.login(1, 'zqxcompany', 'company123');
  s.expired = await t.login(0, 'agent01', 'agent123');
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(sessions.tokenHash, sha256(s.expired.access_token)));

  let serial = 0;
  const freshSsid = () => String(359_700_000_000_000 + ++serial);
  const subSsids = [freshSsid(), freshSsid(), freshSsid()];
  const created = ok(
    'sub terminals',
    await t.callBody(
      api.terminal.batch,
      { orgId: subOrg, userType: 0, prefix: 'Zqx', mode: 'input' },
      { ssids: subSsids },
      s.sub,
    ),
  ).data.created;
  const subTerminalIds = created.map((c) => c.id);
  // The tenant's terminals are tracked: GPS on for the company, Location active on each radio.
  ok('sub gps', await t.call(api.org.setBindingPlatform, { id: subOrg, gps: 1 }, s.sub));
  // Location, Recording and SOS active on each radio, so it may report, talk and raise SOS.
  for (const cardType of [2, 1, 3]) {
    ok(
      `sub function ${cardType}`,
      await t.call(api.terminal.addService, { ids: subTerminalIds.join(','), cardType }, s.top),
    );
  }
  const subGroup = ok(
    'sub group',
    await t.call(
      api.group.add,
      { orgId: subOrg, name: 'ZqxGroup', terminalIds: subTerminalIds.join(',') },
      s.sub,
    ),
  ).data.created[0].id;
  const fenceOf = (orgId: number, name: string) => ({
    orgId,
    name,
    shape: 'circle',
    center: '22.3,114.1',
    radius: 300,
    trigger: 0,
  });
  const subFence = ok('sub fence', await t.call(api.fence.add, fenceOf(subOrg, 'ZqxFence'), s.sub)).data.id;
  ok(
    'sub fence members',
    await t.call(api.fence.addMembers, { id: subFence, terminalIds: subTerminalIds.join(',') }, s.sub),
  );

  const company = await t.call(api.org.info, {}, s.company);
  const topTerminals = (await t.call(api.terminal.list, { size: 10 }, s.company)).data.list
    .map((x) => x.id)
    .sort((a, b) => a - b);
  const topGroups = (await t.call(api.group.list, {}, s.company)).data.list;
  const topFence = (await t.call(api.fence.list, {}, s.company)).data.list[0].id;
  const topSos = (await t.call(api.sos.list, {}, s.company)).data.list[0].id;

  /** Positions, an SOS and a recording, as a terminal of the tenant sends them. */
  const wav = toneWav(0.5);
  const activity = async (ssid: string) => {
    const device = await signIn(t, ssid);
    const now = Date.now();
    ok(
      'positions',
      await report(
        t,
        device.token,
        [30, 20, 10].map((m) => ({ lat: 22.31, lng: 114.17, time: new Date(now - m * 60_000) })),
      ),
    );
    const q = new URLSearchParams({
      device_token: device.token,
      groupId: String(device.groups[0].id),
      start: new Date(now - 5 * 60_000).toISOString(),
      duration: '0.5',
    });
    const up = await t.app.inject({
      method: 'POST',
      url: `${api.device.recording.path}?${q}`,
      headers: { 'content-type': 'audio/wav' },
      payload: wav,
    });
    const recording = up.json();
    if (recording.code !== Code.ok) throw new Error(`recording: ${recording.msg.en}`);
    const sos = await t.app.inject({
      method: 'POST',
      url: `${api.device.sos.path}?${new URLSearchParams({ device_token: device.token, lat: '22.31', lng: '114.17' })}`,
    });
    return { recordingId: recording.data.id as number, sosId: sos.json().data.id as number, device };
  };
  const subActivity = await activity(subSsids[0]);
  const topActivity = await activity(demoSsid(1));
  const topTerminal = (await t.call(api.terminal.detail, { id: topActivity.device.id }, s.company)).data;

  const tenants = {
    top: {
      name: 'top',
      prefix: 'Top',
      owner: 'top',
      agentId: (await t.call(api.profile.agent, {}, s.top)).data.id,
      orgId: company.data.id,
      terminalId: topActivity.device.id,
      terminalIds: topTerminals,
      ssid: topTerminal.ssid,
      groupId: topGroups.find((g) => g.name === 'Dispatch')?.id ?? topGroups[0].id,
      fenceId: topFence,
      sosId: topSos,
      recordingId: topActivity.recordingId,
      markers: ['Demo_Company', 'Radio1', 'Dispatch', 'Harbour', '861234567890001'],
    },
    sub: {
      name: 'sub',
      prefix: 'Zqx',
      owner: 'sub',
      agentId: (await t.call(api.profile.agent, {}, s.sub)).data.id,
      orgId: subOrg,
      terminalId: subActivity.device.id,
      terminalIds: subTerminalIds,
      ssid: subSsids[0],
      groupId: subGroup,
      fenceId: subFence,
      sosId: subActivity.sosId,
      recordingId: subActivity.recordingId,
      markers: ['Zqx', subSsids[0], 'Demo_Subagent', 'subagent01'],
    },
  } satisfies Record<string, Tenant>;

  const refresh = async () => {
    const live = Object.entries(s).filter(([n, x]) => x && n !== 'expired') as [CallerName, Session][];
    const hashes = live.map(([, x]) => sha256(x.access_token));
    const rows = await db.select().from(sessions).where(inArray(sessions.tokenHash, hashes));
    const alive = new Set(
      rows.filter((r) => !r.revokedAt && r.expiresAt > new Date()).map((r) => r.tokenHash),
    );
    for (const [name, session] of live) {
      if (alive.has(sha256(session.access_token))) continue;
      const [role, account, password] = accounts[name as Exclude<CallerName, 'none'>];
      s[name] = await t.login(role, account, password);
    }
  };

  const owner = (tn: Tenant) => s[tn.owner] as Session;
  const fresh: World['fresh'] = {
    ssid: freshSsid,
    terminal: async (tn) => {
      const ssid = freshSsid();
      const res = ok(
        'fresh terminal',
        await t.callBody(
          api.terminal.batch,
          { orgId: tn.orgId, userType: 0, prefix: `${tn.prefix}T`, mode: 'input' },
          { ssids: [ssid] },
          owner(tn),
        ),
      );
      return { id: res.data.created[0].id, ssid };
    },
    group: async (tn) =>
      ok(
        'fresh group',
        await t.call(
          api.group.add,
          { orgId: tn.orgId, name: `${tn.prefix}G${++serial}`, terminalIds: tn.terminalIds.join(',') },
          owner(tn),
        ),
      ).data.created[0].id,
    fence: async (tn) =>
      ok('fresh fence', await t.call(api.fence.add, fenceOf(tn.orgId, `${tn.prefix}F${++serial}`), owner(tn)))
        .data.id,
    org: async (tn) =>
      ok(
        'fresh company',
        await t.call(
          api.org.add,
          {
            name: `${tn.prefix}Org${++serial}`,
            contact: 'Zed',
            account: `${tn.prefix.toLowerCase()}org${serial}`,
            password: 'company123',
          },
          owner(tn),
        ),
      ).data.id,
  };

  return {
    t,
    sessions: s,
    tenants,
    siblingId: sibling.data.id,
    recordingsDir: dir,
    refresh,
    fresh,
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs of an internal failure that must never reach a caller. */
export const leakPatterns = [
  /\bat\s+\S+\s+\(/,
  /node_modules/,
  /\.ts:\d+/,
  /\bselect\b.+\bfrom\b/i,
  /\binsert into\b/i,
  /syntax error/i,
  /relation "/i,
  /violates/i,
  /duplicate key/i,
  /TypeError|ReferenceError|RangeError/,
  /drizzle|postgres|pglite/i,
];
