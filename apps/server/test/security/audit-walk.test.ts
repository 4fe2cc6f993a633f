import { allEndpoints, api, Code, type Endpoint, isAudited } from '@ptt/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../src/db/schema.ts';
import { raise } from '../../src/modules/sos/service.ts';
import { agentPhone, codeFor } from '../account-support.ts';
import { backends } from '../harness.ts';
import { type Expected, expected } from './audit-expected.ts';
import { fleetSteps } from './audit-expected-fleet.ts';
import { nameOf, shapeOf, specs } from './endpoints.ts';
import { buildWorld, type CallerName, send, type Tenant, type World } from './fixtures.ts';

/** The service card password the walk sets (jsp.updateCardPwd) before the calls that ask for it. */
const cardPwd = '246810';

/** How the walk calls an audited endpoint that takes no id (the matrix's specs build the others). */
interface Step {
  caller: CallerName;
  build: (w: World) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

const steps = new Map<Endpoint, Step>([
  ...fleetSteps,
  [api.profile.area, { caller: 'top', build: () => ({ area: 'Kowloon East' }) }],
  [api.profile.contact, { caller: 'top', build: () => ({ contact: 'Alice Lam' }) }],
  [api.profile.address, { caller: 'top', build: () => ({ address: '1 Harbour Road' }) }],
  [api.profile.email, { caller: 'top', build: () => ({ email: 'alice@example.com' }) }],
  [
    api.profile.password,
    {
      caller: 'sibling',
      build: () => ({ oldPassword: 'agent123', newPassword: 'agent456', confirmPassword: 'agent456' }),
    },
  ],
  [
    api.profile.mobile,
    {
      caller: 'company',
      build: async (w) => {
        const mobile = '85260007777';
        const code = await codeFor(w.t, { purpose: 'bindPhone', phone: mobile }, mobile, w.sessions.company);
        return { mobile, code };
      },
    },
  ],
  [
    api.jsp.updateCardPwd,
    {
      caller: 'top',
      build: async (w) => ({
        cardPwd,
        confirmCardPwd: cardPwd,
        code: await codeFor(w.t, { purpose: 'payPwd' }, agentPhone, w.sessions.top),
      }),
    },
  ],
  [
    api.org.add,
    {
      caller: 'top',
      build: () => ({ name: 'Walk_Company', contact: 'Walker', account: 'walkco01', password: 'company123' }),
    },
  ],
  [
    api.agent.add,
    {
      caller: 'top',
      build: () => ({
        name: 'WalkAgent',
        contact: 'Walker',
        account: 'walkagent01',
        password: 'agent123',
        blance: 1,
      }),
    },
  ],
  [api.agent.setThreshold, { caller: 'top', build: () => ({ cardType: 0, threshold: 5 }) }],
  [
    // The tenant's SOS was processed by sos.process just before: a new one comes in.
    api.sos.processBatch,
    {
      caller: 'top',
      build: async (w) => {
        const terminalId = w.tenants.top.terminalId;
        const [t] = await w.t.database.db.select().from(terminals).where(eq(terminals.id, terminalId));
        const sos = await raise(w.t.database.db, { orgId: t.orgId, agentPath: t.agentPath, terminalId });
        return { ids: String(sos.id), remark: 'handled' };
      },
    },
  ],
  [api.feedback.send, { caller: 'company', build: () => ({ content: 'The map works well' }) }],
  // Edits whose matrix parameters write what the tenant already has: here each changes a field.
  [
    api.agent.modifyingAgentInformation,
    {
      caller: 'top',
      build: (w) => ({ id: w.tenants.sub.agentId, name: 'Demo_Subagent', contact: 'Bob Leung' }),
    },
  ],
  [api.agent.updateAgent, { caller: 'top', build: (w) => ({ id: w.tenants.sub.agentId, video_card: 1 }) }],
  [
    api.org.updateUnit,
    {
      caller: 'top',
      build: (w) => ({ id: w.tenants.top.orgId, name: 'Demo_Company', contact: 'Carl Wong' }),
    },
  ],
  [
    api.org.setBindingPlatform,
    { caller: 'top', build: (w) => ({ id: w.tenants.top.orgId, noise_reduction: 1 }) },
  ],
  [api.org.setReminderSms, { caller: 'top', build: (w) => ({ id: w.tenants.top.orgId, enabled: '0' }) }],
]);

describe.each(backends)('the audit log against the contract on %s', (backend) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(backend);
  }, 120_000);
  afterAll(() => w?.close(), 30_000);

  const rowsOf = async (action: string) => {
    const res = (await w.t.database.db.execute(
      sql`select count(*)::int as n from audit_log where action = ${action}`,
    )) as unknown as { rows: { n: number }[] };
    return res.rows[0].n;
  };

  /** How the newest row of a declared endpoint differs from what it must hold. */
  const rowMisses = async (e: Endpoint, want: Expected | undefined) => {
    if (!want) return [`${nameOf(e)}: declares its audit but the walk expects nothing of its row`];
    const res = (await w.t.database.db.execute(
      sql`select target_kind, target_ids, before, after, org_id, cards from audit_log
          where action = ${e.path} order by id desc limit 1`,
    )) as unknown as {
      rows: {
        target_kind: string | null;
        target_ids: number[];
        before: unknown;
        after: unknown;
        org_id: number | null;
        cards: unknown;
      }[];
    };
    const r = res.rows[0];
    const misses: string[] = [];
    if (r.target_kind !== want.kind) misses.push(`target ${r.target_kind}, not ${want.kind}`);
    if (!r.target_ids?.length) misses.push('no target ids');
    if ((r.before !== null) !== want.before) misses.push(want.before ? 'no before' : 'a before');
    if ((r.after !== null) !== want.after) misses.push(want.after ? 'no after' : 'an after');
    if (want.org && r.org_id === null) misses.push('no company');
    if (want.cards && r.cards === null) misses.push('no cards');
    return misses.map((m) => `${nameOf(e)}: ${m}`);
  };

  /** A call of the matrix's spec by the tenant's own agent (a sub-agent's by its parent). */
  const fromSpec = async (e: Endpoint) => {
    const spec = specs.get(e);
    if (!spec) return undefined;
    const tn: Tenant = spec.kind === 'agent' ? w.tenants.sub : w.tenants.top;
    return { caller: 'top' as CallerName, ...(await spec.build(w, tn)) };
  };

  it('writes exactly one row, named after the endpoint, for each successful change', async () => {
    const changing = allEndpoints().filter(isAudited);
    const failures: string[] = [];
    for (const e of changing) {
      await w.refresh();
      const step = steps.get(e);
      const call = step ? { caller: step.caller, params: await step.build(w) } : await fromSpec(e);
      if (!call) {
        failures.push(`${nameOf(e)}: the walk does not know how to call it`);
        continue;
      }
      if ('payPwd' in shapeOf(e.params)) call.params = { ...call.params, payPwd: cardPwd };
      const before = await rowsOf(e.path);
      const a = await send(
        w.t,
        e,
        call.params,
        w.sessions[call.caller],
        'body' in call ? call.body : undefined,
      );
      const written = (await rowsOf(e.path)) - before;
      if (a.code !== Code.ok) failures.push(`${nameOf(e)}: ${a.code} ${a.msg?.en}`);
      else if (written !== 1) failures.push(`${nameOf(e)}: ${written} rows`);
      else if (e.audit) failures.push(...(await rowMisses(e, expected.get(e))));
    }
    expect(failures).toEqual([]);
    expect(changing.length).toBeGreaterThanOrEqual(50);
  }, 240_000);

  it('writes none for a call that changes nothing', async () => {
    const reads = [...specs.keys()].filter((e) => !isAudited(e) && e !== api.events.stream);
    const count = async () =>
      (
        (await w.t.database.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n;
    const before = await count();
    for (const e of reads) {
      const call = await fromSpec(e);
      if (call) await send(w.t, e, call.params, w.sessions[call.caller], call.body);
    }
    expect(reads.length).toBeGreaterThan(20);
    expect(await count()).toBe(before);
  }, 120_000);
});
