import { api, Code, type FunctionKey, RenewableFunctions, UserType } from '@ptt/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalExpiries, terminals } from '../src/db/schema.ts';
import { expiryColumn, PERMANENT } from '../src/lib/expiries.ts';
import * as agents from '../src/modules/agent/service.ts';
import * as orgs from '../src/modules/org/service.ts';
import { backends, type Session, useTestApp } from './harness.ts';
import { companyWith, day, largeCompany, setExpiries } from './renewal-support.ts';

/** Each terminal's expiries as rows: the radar's table follows the terminals in the same statement. */
describe.each(backends)('terminal expiry rows on %s', (backend) => {
  const { t } = useTestApp(backend);
  let top: Session;
  /** Three terminals of a company of agent01. */
  let T: number[];
  let orgId: number;

  beforeAll(async () => {
    const co = await companyWith(t, 'agent01', 'expco01', 3);
    T = co.ids;
    orgId = co.org.id;
    top = await t.login(0, 'agent01', 'agent123');
  });

  /** The rows of the terminals, in (terminal, function) order. */
  const rowsOf = async (ids: number[]) =>
    (
      await t.database.db
        .select()
        .from(terminalExpiries)
        .where(inArray(terminalExpiries.terminalId, ids))
        .orderBy(asc(terminalExpiries.terminalId), asc(terminalExpiries.function))
    ).map((r) => ({ ...r }));

  /** What the rows must be: every function with an expiry but the permanent one, with the scope. */
  const expectedOf = async (ids: number[]) => {
    const found = await t.database.db
      .select()
      .from(terminals)
      .where(inArray(terminals.id, ids))
      .orderBy(asc(terminals.id));
    return found.flatMap((r) =>
      [...RenewableFunctions]
        .sort()
        .map((fn) => ({ fn, expires: r[expiryColumn[fn]] }))
        .filter((d): d is { fn: FunctionKey; expires: string } => !!d.expires && d.expires !== PERMANENT)
        .map((d) => ({
          terminalId: r.id,
          function: d.fn,
          expires: d.expires,
          agentPath: r.agentPath,
          topPath: r.topPath,
          orgId: r.orgId,
        })),
    );
  };

  const followed = async (ids: number[]) => {
    const rows = await rowsOf(ids);
    expect(rows).toEqual(await expectedOf(ids));
    return rows;
  };
  const functionsOf = async (id: number) => (await rowsOf([id])).map((r) => r.function);

  it('holds the expiries of inserted terminals, one by one and a thousand in one statement', async () => {
    const rows = await followed(T);
    expect(rows.map((r) => r.function)).toEqual(['voice', 'voice', 'voice']);
    const large = await largeCompany(t, 'agent01', 'expco02', 1000, day(40));
    expect((await followed(large.ids)).length).toBe(1000);
  });

  it('follows a single renewal and a bulk renewal', async () => {
    await setExpiries(t, T[0], { location: day(10) });
    await followed(T);
    const single = await t.call(api.terminal.addService, { ids: `${T[0]},${T[1]}`, cardType: 2 }, top);
    expect(single.code).toBe(Code.ok);
    expect(await functionsOf(T[1])).toEqual(['location', 'voice']);
    await followed(T);
    // A bulk renewal renews what falls due in its window: voice and SOS due within 30 days on all three.
    for (const id of T) await setExpiries(t, id, { voice: day(6), sos: day(5) });
    await followed(T);
    const bulk = await t.call(
      api.terminal.renewBatch,
      { ids: T.join(','), functions: 'voice,sos', confirm: 6 },
      top,
    );
    expect(bulk.code).toBe(Code.ok);
    expect(await functionsOf(T[2])).toEqual(['sos', 'voice']);
    await followed(T);
  });

  it('drops a function that became permanent or none, and takes it back when it has an expiry again', async () => {
    await t.database.db
      .update(terminals)
      .set({
        userType: UserType.vip,
        voiceExpires: PERMANENT,
        locationExpires: PERMANENT,
        sosExpires: null,
      })
      .where(eq(terminals.id, T[1]));
    expect(await functionsOf(T[1])).toEqual([]);
    await followed(T);
    await setExpiries(t, T[1], { voice: day(100) });
    expect(await functionsOf(T[1])).toEqual(['voice']);
    await followed(T);
  });

  it("follows a terminal's move to another company and its company's move to a sub-agent", async () => {
    const agent = await agents.findByAccount(t.database.db, 'agent01');
    const other = await orgs.createOrg(t.database.db, agent?.id ?? 0, {
      name: 'ExpCo03',
      account: 'expco03',
      password: 'company123',
    });
    const moved = await t.call(api.terminal.updateUser, { id: T[2], orgId: other.id }, top);
    expect(moved.code).toBe(Code.ok);
    expect((await rowsOf([T[2]])).map((r) => r.orgId)).toEqual([other.id, other.id]);
    await followed(T);
    const sub = await agents.findByAccount(t.database.db, 'subagent01');
    const changed = await t.call(api.org.changeAgent, { orgId, agentId: sub?.id ?? 0 }, top);
    expect(changed.code).toBe(Code.ok);
    const rows = await followed(T);
    expect(rows.filter((r) => r.orgId === orgId).every((r) => r.agentPath === sub?.path)).toBe(true);
  });

  it('loses the rows of deleted terminals', async () => {
    const deleted = await t.call(api.terminal.cardBack, { ids: String(T[0]) }, top);
    expect(deleted.code).toBe(Code.ok);
    expect(await rowsOf([T[0]])).toEqual([]);
    await followed(T);
  });
});
