import { api, Code, type Endpoint } from '@ptt/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, groups, idempotencyKeys, terminals } from '../src/db/schema.ts';
import { pruneKeys } from '../src/modules/change/service.ts';
import { bothBackends, type Session, useTestApp } from './harness.ts';
import { balance, companyWith, day, renewalTenants, setExpiries } from './renewal-support.ts';

let nextSsid = 864_000_000_000_000;
const freshSsid = () => String(nextSsid++);
let keys = 0;
const newKey = () => `key-${Date.now()}-${keys++}`;

/** A spending call as a test makes it: its parameters (and JSON body), new for each call when they must be. */
interface Spend {
  name: string;
  endpoint: Endpoint;
  make: () => Promise<{ params: Record<string, unknown>; body?: unknown }>;
  /** Other parameters, sent with a key already used. */
  other: () => Promise<{ params: Record<string, unknown>; body?: unknown }>;
  /** What one call changes: a balance or a count that moves by `delta` per call. */
  measure: () => Promise<number>;
  delta: number;
  /** The same parameters may be sent twice with different keys, each spending. */
  repeatable: boolean;
}

describe.each(bothBackends)('spends that pay once (Idempotency-Key) on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 120_000 });
  let top: Session;
  let company: Session;
  let T: number[];
  let companyId: number;
  let subId: number;

  beforeAll(async () => {
    ({ T, companyId, top, company, subId } = await renewalTenants(t, 2));
    // Cards taken back from the sub-agent, so that some can be given back.
    const back = await t.call(api.agent.cardRecovery, { agentId: subId, cardType: 0, quantity: 20 }, top);
    expect(back.code).toBe(Code.ok);
  }, 120_000);

  const count = async (table: typeof terminals | typeof groups) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

  /** A terminal of the demo company whose Location falls due in five days: a bulk renewal renews it once. */
  const dueTerminal = async () => {
    const [id] = (await companyWith(t, 'agent01', 'company01', 1)).ids;
    await setExpiries(t, id, { location: day(5) });
    return id;
  };

  const spends = (): Spend[] => [
    {
      name: 'a sale',
      endpoint: api.agent.blanceAdd,
      make: async () => ({ params: { agentId: subId, cardType: 0, quantity: 2 } }),
      other: async () => ({ params: { agentId: subId, cardType: 0, quantity: 3 } }),
      measure: () => balance(t, 'agent01', 0),
      delta: -2,
      repeatable: true,
    },
    {
      name: 'a recycle',
      endpoint: api.agent.cardRecovery,
      make: async () => ({ params: { agentId: subId, cardType: 0, quantity: 1 } }),
      other: async () => ({ params: { agentId: subId, cardType: 0, quantity: 2 } }),
      measure: () => balance(t, 'subagent01', 0),
      delta: -1,
      repeatable: true,
    },
    {
      name: 'a return to the sub-agent',
      endpoint: api.agent.returnCards,
      make: async () => ({ params: { agentId: subId, cardType: 0, quantity: 1 } }),
      other: async () => ({ params: { agentId: subId, cardType: 0, quantity: 2 } }),
      measure: () => balance(t, 'subagent01', 0),
      delta: 1,
      repeatable: true,
    },
    {
      name: 'a single renewal',
      endpoint: api.terminal.addService,
      make: async () => ({ params: { ids: String(T[0]), cardType: 2 } }),
      other: async () => ({ params: { ids: String(T[1]), cardType: 2 } }),
      measure: () => balance(t, 'agent01', 2),
      delta: -1,
      repeatable: true,
    },
    {
      name: 'a bulk renewal',
      endpoint: api.terminal.renewBatch,
      make: async () => ({ params: { ids: String(await dueTerminal()), functions: 'location', confirm: 1 } }),
      other: async () => ({
        params: { ids: String(await dueTerminal()), functions: 'location', confirm: 1 },
      }),
      measure: () => balance(t, 'agent01', 2),
      delta: -1,
      repeatable: false,
    },
    {
      name: 'a batch of terminals',
      endpoint: api.terminal.batch,
      make: async () => ({
        params: { orgId: companyId, userType: 0, prefix: 'Idem', mode: 'scan' },
        body: { ssids: [freshSsid(), freshSsid()] },
      }),
      other: async () => ({
        params: { orgId: companyId, userType: 0, prefix: 'Idem', mode: 'scan' },
        body: { ssids: [freshSsid()] },
      }),
      measure: () => count(terminals),
      delta: 2,
      repeatable: false,
    },
    {
      name: 'an intake',
      endpoint: api.terminal.import,
      make: async () => ({
        params: { orgId: companyId, userType: 0, confirm: 1 },
        body: { rows: [{ line: 2, ssid: freshSsid(), name: 'Intake', iccid: '', group: '' }] },
      }),
      other: async () => ({
        params: { orgId: companyId, userType: 0, confirm: 1 },
        body: { rows: [{ line: 2, ssid: freshSsid(), name: 'Other', iccid: '', group: '' }] },
      }),
      measure: () => count(terminals),
      delta: 1,
      repeatable: false,
    },
    {
      name: 'a deletion with refunds',
      endpoint: api.terminal.cardBack,
      make: async () => ({
        params: { ids: String((await companyWith(t, 'agent01', 'company01', 1)).ids[0]) },
      }),
      other: async () => ({
        params: { ids: String((await companyWith(t, 'agent01', 'company01', 1)).ids[0]) },
      }),
      measure: () => count(terminals),
      delta: -1,
      repeatable: false,
    },
    {
      name: 'a batch of groups',
      endpoint: api.group.add,
      make: async () => ({ params: { orgId: companyId, name: 'Idem', count: 2 } }),
      other: async () => ({ params: { orgId: companyId, name: 'Idem', count: 3 } }),
      measure: () => count(groups),
      delta: 2,
      repeatable: true,
    },
  ];

  const send = (s: Spend, call: { params: Record<string, unknown>; body?: unknown }, key?: string) => {
    const session = s.endpoint === api.group.add ? company : top;
    const headers = key ? { 'Idempotency-Key': key } : undefined;
    return call.body === undefined
      ? t.call(s.endpoint, call.params, session, headers)
      : t.callBody(s.endpoint, call.params, call.body, session, headers);
  };

  const auditRows = async (action: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.action, action))
    )[0].n;

  it.each(spends().map((s) => [s.name, s.endpoint.path] as const))(
    '%s (%s): ten parallel calls with one key spend once and answer alike',
    async (_, path) => {
      const s = spends().find((x) => x.endpoint.path === path) as Spend;
      // Every call's parameters are made first: making some (a terminal to delete) changes the count.
      const call = await s.make();
      const other = await s.other();
      const again = s.repeatable ? call : await s.make();
      const third = s.repeatable ? call : await s.make();
      const key = newKey();
      const [before, audited] = [await s.measure(), await auditRows(path)];
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(s, call, key)));
      for (const a of answers) expect(a.code, JSON.stringify(a.msg)).toBe(Code.ok);
      for (const a of answers) expect(a.data).toEqual(answers[0].data);
      expect(await s.measure()).toBe(before + s.delta);
      expect(await auditRows(path)).toBe(audited + 1);

      // A repeat later, the first answer again; the same key with other parameters is refused.
      expect((await send(s, call, key)).data).toEqual(answers[0].data);
      const reused = await send(s, other, key);
      expect(reused.code).toBe(Code.conflict);
      expect(reused.msg.en).toMatch(/already used for a different operation/);
      expect(await s.measure()).toBe(before + s.delta);
      expect(await auditRows(path)).toBe(audited + 1);

      // Other keys are other operations: each spends.
      expect((await send(s, again, newKey())).code).toBe(Code.ok);
      expect((await send(s, third)).code).toBe(Code.ok);
      expect(await s.measure()).toBe(before + 3 * s.delta);
    },
    60_000,
  );

  it('refuses a malformed key before anything is spent, and a key of another account is its own', async () => {
    const before = await balance(t, 'agent01', 0);
    const sale = { agentId: subId, cardType: 0, quantity: 1 };
    const bad = await t.call(api.agent.blanceAdd, sale, top, { 'Idempotency-Key': 'a b' });
    expect(bad.code).toBe(Code.invalid);
    expect(await balance(t, 'agent01', 0)).toBe(before);
    // The same key sent by the company for its own call does not replay the agent's answer.
    const key = newKey();
    expect((await t.call(api.agent.blanceAdd, sale, top, { 'Idempotency-Key': key })).code).toBe(Code.ok);
    const groupsBefore = await count(groups);
    const mine = await t.call(api.group.add, { name: 'Own', count: 1 }, company, { 'Idempotency-Key': key });
    expect(mine.code).toBe(Code.ok);
    expect(await count(groups)).toBe(groupsBefore + 1);
  });

  it('a refused spend keeps no answer: the same key is tried again once the balance covers it', async () => {
    const key = newKey();
    const held = await balance(t, 'agent01', 5);
    const sale = { agentId: subId, cardType: 5, quantity: held + 1 };
    await t.database.db.execute(sql`update agent_cards set enabled = true where card_type = 5`);
    const refused = await t.call(api.agent.blanceAdd, sale, top, { 'Idempotency-Key': key });
    expect(refused.code).toBe(Code.rule);
    const smaller = await t.call(api.agent.blanceAdd, { ...sale, quantity: 1 }, top, {
      'Idempotency-Key': key,
    });
    expect(smaller.code).toBe(Code.ok);
    expect(await balance(t, 'agent01', 5)).toBe(held - 1);
  });

  it('keeps a key for 24 hours: past that a repeat is a new sale, and the key is pruned', async () => {
    const key = newKey();
    const sale = { agentId: subId, cardType: 0, quantity: 1 };
    const before = await balance(t, 'agent01', 0);
    expect((await t.call(api.agent.blanceAdd, sale, top, { 'Idempotency-Key': key })).code).toBe(Code.ok);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    expect((await t.call(api.agent.blanceAdd, sale, top, { 'Idempotency-Key': key })).code).toBe(Code.ok);
    expect(await balance(t, 'agent01', 0)).toBe(before - 2);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    expect(await pruneKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual(
      [],
    );
  });
});
