import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardLedger, orgs, terminals } from '../src/db/schema.ts';
import { backends, useTestApp } from './harness.ts';
import { day, setExpiries } from './renewal-support.ts';

describe.each(backends)('the users a statement movement used cards for, on %s', (backend) => {
  const { t, top, sub, company } = useTestApp(backend, { sessions: ['top', 'sub', 'company'] });
  let orgId: number;

  beforeAll(async () => {
    const [org] = await t.database.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.account, 'company01'));
    orgId = org.id;
  });

  const newest = async () => {
    const res = await t.call(api.agent.statement, { page: 1, size: 5 }, top);
    expect(res.code).toBe(Code.ok);
    return res.data.list[0];
  };

  it('names the users a creation paid for, on the row and on its own list, a page at a time', async () => {
    const ssids = ['861000000000101', '861000000000102', '861000000000103', '861000000000104'];
    const made = await t.callBody(
      api.terminal.batch,
      { orgId, userType: 0, prefix: 'Cab', mode: 'scan' },
      { ssids },
      top,
    );
    expect(made.code).toBe(Code.ok);
    const row = await newest();
    expect(row).toMatchObject({ kind: 'consume', quantity: 4, counterpart: { type: 'org', id: orgId } });
    // The row names the first three by id; the list names all four.
    expect(row.users?.map((u) => u.ssid)).toEqual(ssids.slice(0, 3));
    expect(row.users?.[0].name).toMatch(/^Cab/);
    const first = await t.call(api.agent.statementUsers, { id: row.id, page: 1, size: 3 }, top);
    expect(first.code).toBe(Code.ok);
    expect(first.data.total).toBe(4);
    const second = await t.call(api.agent.statementUsers, { id: row.id, page: 2, size: 3 }, top);
    expect([...first.data.list, ...second.data.list].map((u) => u.ssid)).toEqual(ssids);
  });

  it('names the users a bulk renewal renewed, one row per card type with its own users', async () => {
    const made = await t.callBody(
      api.terminal.batch,
      { orgId, userType: 0, prefix: 'Ren', mode: 'scan' },
      { ssids: ['861000000000201', '861000000000202'] },
      top,
    );
    const ids = made.data.created.map((c) => c.id);
    await setExpiries(t, ids[0], { voice: day(5), location: day(6) });
    await setExpiries(t, ids[1], { voice: day(7) });
    const renewed = await t.call(
      api.terminal.renewBatch,
      { ids: ids.join(','), functions: 'voice,location', within: '30', confirm: 3 },
      top,
    );
    expect(renewed.code).toBe(Code.ok);
    const rows = (await t.call(api.agent.statement, { page: 1, size: 2 }, top)).data.list;
    const byType = new Map(rows.map((r) => [r.cardType, r]));
    expect(byType.get(0)?.users?.map((u) => u.id)).toEqual(ids);
    expect(byType.get(2)?.users?.map((u) => u.id)).toEqual([ids[0]]);
    expect(byType.get(2)?.quantity).toBe(1);
  });

  it('says nothing of users on other kinds, and an empty list for a movement older than the record', async () => {
    const [old] = await t.database.db
      .insert(cardLedger)
      .values({
        kind: 'consume',
        cardType: 0,
        quantity: 2,
        fromAgentId: (await newest()).operator?.id,
        orgId,
      })
      .returning({ id: cardLedger.id });
    const rows = (await t.call(api.agent.statement, { page: 1, size: 50 }, top)).data.list;
    expect(rows.find((r) => r.id === old.id)?.users).toEqual([]);
    expect(rows.filter((r) => r.kind !== 'consume').every((r) => r.users === null)).toBe(true);
    const none = await t.call(api.agent.statementUsers, { id: old.id }, top);
    expect(none.data).toEqual({ list: [], total: 0, page: 1, size: 20 });
  });

  it('lists only the caller’s own consume rows: another agent’s, another kind, a company: refused', async () => {
    const rows = (await t.call(api.agent.statement, { page: 1, size: 50 }, top)).data.list;
    const used = rows.find((r) => r.kind === 'consume' && (r.users?.length ?? 0) > 0);
    const sale = rows.find((r) => r.kind !== 'consume');
    if (!used || !sale) throw new Error('the demo has a sale and a consume row');
    // The sub-agent's scope is below the top's: the top's movement is still not its own.
    expect((await t.call(api.agent.statementUsers, { id: used.id }, sub)).code).toBe(Code.notFound);
    expect((await t.call(api.agent.statementUsers, { id: sale.id }, top)).code).toBe(Code.notFound);
    expect((await t.call(api.agent.statementUsers, { id: used.id }, company)).code).toBe(Code.forbidden);
    expect((await t.call(api.agent.statementUsers, { id: 'x' }, top)).code).toBe(Code.invalid);
    // The users stay named as they were paid for when the terminal is renamed.
    const named = used.users?.[0];
    await t.database.db
      .update(terminals)
      .set({ name: 'Renamed' })
      .where(eq(terminals.id, named?.id ?? 0));
    const listed = await t.call(api.agent.statementUsers, { id: used.id, size: 1 }, top);
    expect(listed.data.list[0]).toEqual(named);
  });
});
