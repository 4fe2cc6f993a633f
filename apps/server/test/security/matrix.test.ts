import { allEndpoints, api, Code, type Endpoint } from '@ptt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../harness.ts';
import {
  idKeysOf,
  idTakingEndpoints,
  nameOf,
  outsideMatrix,
  type Spec,
  shapeOf,
  specs,
} from './endpoints.ts';
import {
  type Answer,
  buildWorld,
  type CallerName,
  CallerNames,
  companyCallers,
  fingerprint,
  send,
  type Tenant,
  type World,
} from './fixtures.ts';

type Outcome = 'pass' | 'deny' | 'role' | 'auth' | 'skip';

/** The expected outcome of one cell: an endpoint called by a caller on a tenant's records. */
function expected(e: Endpoint, spec: Spec, tn: Tenant, caller: CallerName): Outcome {
  if (caller === 'none' || caller === 'expired') return 'auth';
  const company = companyCallers.includes(caller);
  if ((e.access === 'agent' && company) || (e.access === 'org' && !company)) return 'role';
  if (spec.kind === 'ignored') return 'pass';
  if (spec.kind === 'agent') {
    // Acting on a sub-agent: only its parent may; the sub-agent itself is not a sub-agent of its own.
    if (tn.name !== 'sub' || caller === 'sub') return 'skip';
    return caller === 'top' ? 'pass' : 'deny';
  }
  const allowed: CallerName[] = tn.name === 'sub' ? ['sub', 'subCompany', 'top'] : ['top', 'company'];
  return allowed.includes(caller) ? 'pass' : 'deny';
}

/** File downloads answer with a body of their own, not an envelope. */
const files = new Set<Endpoint>([api.agent.exportSalesRecord]);

const leaks = (a: Answer, tn: Tenant) => tn.markers.filter((m) => a.body.includes(m));

describe.each(backends)('scope matrix of every id-taking endpoint on %s', (backend) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(backend);
  }, 120_000);
  afterAll(() => w?.close(), 30_000);

  it('covers every id-taking endpoint of the contract', () => {
    const missing = idTakingEndpoints()
      .filter((e) => !specs.has(e) && !outsideMatrix.has(e))
      .map((e) => `${nameOf(e)} (${idKeysOf(e).join(', ')})`);
    expect(missing).toEqual([]);
    expect(idTakingEndpoints().length).toBeGreaterThan(50);
  }, 30_000);

  for (const tenantName of ['sub', 'top'] as const) {
    it(`answers each caller as its scope allows, on the ${tenantName} tenant's records`, async () => {
      const tn = w.tenants[tenantName];
      const cells: string[] = [];
      const failures: string[] = [];
      for (const [e, spec] of specs) {
        const name = nameOf(e);
        const plan = CallerNames.map((caller) => ({ caller, outcome: expected(e, spec, tn, caller) })).filter(
          (p) => p.outcome !== 'skip',
        );
        // Denied callers first, against a snapshot of the whole database.
        const built = new Map<CallerName, Awaited<ReturnType<Spec['build']>>>();
        for (const p of plan) built.set(p.caller, await spec.build(w, tn));
        await w.refresh();
        const before = await fingerprint(w.t);
        for (const p of plan.filter((x) => x.outcome !== 'pass')) {
          const cell = built.get(p.caller) as Awaited<ReturnType<Spec['build']>>;
          const a = await send(w.t, e, cell.params, w.sessions[p.caller], cell.body);
          cells.push(`${name} ${p.caller} ${p.outcome} ${a.code}`);
          const want: number[] =
            p.outcome === 'auth'
              ? [Code.unauthorized]
              : p.outcome === 'role'
                ? [Code.forbidden]
                : [Code.notFound, Code.forbidden];
          const emptyPage =
            spec.filter &&
            p.outcome === 'deny' &&
            a.code === Code.ok &&
            (a.data as { total: number }).total === 0;
          const likeMissing = spec.deniedAs?.code === a.code && spec.deniedAs.en === a.msg?.en;
          if (!want.includes(a.code) && !emptyPage && !likeMissing)
            failures.push(`${name} by ${p.caller}: ${a.code} ${a.msg?.en}, wanted ${want}`);
          else if (!emptyPage && a.data !== null && a.data !== undefined)
            failures.push(`${name} by ${p.caller}: data ${a.body.slice(0, 120)}`);
          const seen = leaks(a, tn);
          if (seen.length) failures.push(`${name} by ${p.caller} shows ${seen.join(', ')}`);
        }
        const after = await fingerprint(w.t);
        if (after !== before) failures.push(`${name}: a refused call wrote to the database`);
        // Then the callers the scope allows.
        for (const p of plan.filter((x) => x.outcome === 'pass')) {
          await w.refresh();
          const cell = built.get(p.caller) as Awaited<ReturnType<Spec['build']>>;
          const a = await send(w.t, e, cell.params, w.sessions[p.caller], cell.body);
          cells.push(`${name} ${p.caller} pass ${a.code}`);
          if (!([Code.ok, Code.conflict, Code.rule] as number[]).includes(a.code))
            failures.push(`${name} by ${p.caller}: ${a.code} ${a.msg?.en}, wanted it allowed`);
          // An allowed filter finds the records, so the empty pages of denied callers mean something.
          if (
            spec.filter &&
            e !== api.fence.records &&
            e !== api.fence.exportRecords &&
            !((a.data as { total?: number })?.total ?? 0)
          )
            failures.push(`${name} by ${p.caller}: an empty page`);
        }
      }
      expect(failures).toEqual([]);
      expect(cells.length).toBeGreaterThan(300);
    }, 240_000);
  }

  it('shows nothing of another tenant in any read without ids, searches included', async () => {
    await w.refresh();
    const reads = allEndpoints().filter(
      (e) => e.method === 'GET' && e.access !== 'public' && !files.has(e) && idKeysOf(e).length === 0,
    );
    const outsiders: Record<'top' | 'sub', CallerName[]> = {
      sub: ['sibling', 'stranger', 'company', 'strangerCompany'],
      top: ['sub', 'sibling', 'stranger', 'subCompany', 'strangerCompany'],
    };
    const failures: string[] = [];
    let answered = 0;
    for (const tenantName of ['sub', 'top'] as const) {
      const tn = w.tenants[tenantName];
      for (const e of reads) {
        const shape = shapeOf(e.params);
        const variants: Record<string, unknown>[] =
          'keyword' in shape ? tn.markers.map((m) => ({ keyword: m.slice(0, 12) })) : [{}];
        for (const caller of outsiders[tenantName])
          for (const params of variants) {
            const a = await send(w.t, e, params, w.sessions[caller]);
            if (a.code === Code.ok) answered++;
            const seen = leaks(a, tn);
            if (seen.length)
              failures.push(`${nameOf(e)} ${JSON.stringify(params)} by ${caller} shows ${seen}`);
          }
      }
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(50);
    // The same searches find the records for their owner, so the empty answers above mean something.
    const own = await send(w.t, api.search.global, { keyword: 'Zqx' }, w.sessions.sub);
    expect(own.body).toContain('ZqxCompany');
  }, 60_000);

  it('ignores the legacy agentId of the unread count: an agent always gets its own', async () => {
    await w.refresh();
    for (const caller of ['sibling', 'stranger', 'top'] as const) {
      const own = await send(w.t, api.notice.newUnreadCount, {}, w.sessions[caller]);
      const other = await send(
        w.t,
        api.notice.newUnreadCount,
        { agentId: w.tenants.sub.agentId },
        w.sessions[caller],
      );
      expect(other.data).toEqual(own.data);
    }
  }, 30_000);

  it('refuses to mix records of two companies in one call, and writes nothing', async () => {
    await w.refresh();
    const { top, sub } = w.tenants;
    const failures: string[] = [];
    // Each caller passes its own record first and another company's record in the other id parameter.
    const mixes: [CallerName, Tenant, Tenant][] = [
      ['company', top, sub],
      ['subCompany', sub, top],
      ['top', top, sub],
    ];
    const cross: [Endpoint, (own: Tenant, other: Tenant) => Record<string, unknown>][] = [
      [api.group.addMembers, (o, x) => ({ id: o.groupId, terminalIds: String(x.terminalId) })],
      [api.group.setPriority, (o, x) => ({ id: o.groupId, terminalId: x.terminalId, priority: 1 })],
      [api.group.setLeader, (o, x) => ({ id: o.groupId, terminalId: x.terminalId })],
      [api.group.setCompere, (o, x) => ({ id: o.groupId, terminalId: x.terminalId })],
      [api.group.setDefault, (o, x) => ({ id: o.groupId, terminalId: x.terminalId })],
      [api.group.removeMember, (o, x) => ({ id: o.groupId, terminalId: x.terminalId })],
      [api.group.addListening, (o, x) => ({ terminalId: o.terminalId, groupIds: String(x.groupId) })],
      [api.group.addListening, (o, x) => ({ terminalId: x.terminalId, groupIds: String(o.groupId) })],
      [
        api.group.add,
        (o, x) => ({ orgId: o.orgId, name: `${o.prefix}Mix`, terminalIds: String(x.terminalId) }),
      ],
      [api.fence.addMembers, (o, x) => ({ id: o.fenceId, terminalIds: String(x.terminalId) })],
      [api.fence.setKeeper, (o, x) => ({ id: o.fenceId, terminalId: x.terminalId })],
      [api.fence.removeMembers, (o, x) => ({ id: o.fenceId, terminalIds: String(x.terminalId) })],
    ];
    for (const [caller, own, other] of mixes) {
      for (const [e, params] of cross) {
        const before = await fingerprint(w.t);
        const a = await send(w.t, e, params(own, other), w.sessions[caller]);
        const after = await fingerprint(w.t);
        const label = `${nameOf(e)} by ${caller} ${JSON.stringify(params(own, other))}`;
        if (after !== before) failures.push(`${label} wrote (${a.code} ${a.msg?.en})`);
        if (a.code === Code.ok && e !== api.fence.removeMembers && e !== api.group.removeMember)
          failures.push(`${label} answered ok`);
        if (caller !== 'top' && leaks(a, other).length) failures.push(`${label} shows ${leaks(a, other)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('keeps a terminal from uploading a recording into another company’s group', async () => {
    const { signIn } = await import('../device-support.ts');
    const device = await signIn(w.t, w.tenants.top.ssid);
    const before = await fingerprint(w.t, ['rate_limits', 'device_sessions']);
    const q = new URLSearchParams({
      device_token: device.token,
      groupId: String(w.tenants.sub.groupId),
      start: new Date(Date.now() - 60_000).toISOString(),
      duration: '0.5',
    });
    const { toneWav } = await import('../wav.ts');
    const res = await w.t.app.inject({
      method: 'POST',
      url: `${api.device.recording.path}?${q}`,
      headers: { 'content-type': 'audio/wav' },
      payload: toneWav(0.5),
    });
    expect(res.json().code).toBe(Code.notFound);
    expect(await fingerprint(w.t, ['rate_limits', 'device_sessions'])).toBe(before);
  }, 30_000);
});
