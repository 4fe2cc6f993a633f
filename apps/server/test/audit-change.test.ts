import { api, Code } from '@ptt/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cardLedger } from '../src/db/schema.ts';
import * as agents from '../src/modules/agent/service.ts';
import { lastAuditRow, refuseAudit } from './audit-support.ts';
import { backends, type Session, useTestApp } from './harness.ts';
import { balance, day, expiriesOf, renewalTenants, setExpiries, yearsAfter } from './renewal-support.ts';

/** The audit row of a spend is written by its service, in its transaction, from what it holds under its locks. */
describe.each(backends)('the audit written with the change on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 120_000 });
  let top: Session;
  let company: Session;
  let T: number[];
  let companyId: number;
  let subId: number;

  beforeAll(async () => {
    ({ T, companyId, top, company, subId } = await renewalTenants(t, 1));
  }, 120_000);

  const lastRow = (action: string) => lastAuditRow(t, action);
  const ledgerRows = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(cardLedger))[0].n;

  it('a sale names the buyer and both balances before → after', async () => {
    const [mine, theirs] = [await balance(t, 'agent01', 0), await balance(t, 'subagent01', 0)];
    const sale = await t.call(api.agent.blanceAdd, { agentId: subId, cardType: 0, quantity: 4 }, top);
    expect(sale.code).toBe(Code.ok);
    const row = await lastRow('/v1/agent/blance/add');
    const me = (await agents.findByAccount(t.database.db, 'agent01'))?.id;
    expect(row).toMatchObject({ targetKind: 'agent', targetIds: [subId], actorAccount: 'agent01' });
    expect(row.cards).toEqual([
      { agent_id: me, card_type: 0, before: mine, after: mine - 4 },
      { agent_id: subId, card_type: 0, before: theirs, after: theirs + 4 },
    ]);
  });

  it('a bulk renewal names every terminal, the old and new expiry and the cards taken; its company sees it', async () => {
    await setExpiries(t, T[0], { location: day(5) });
    await setExpiries(t, T[1], { location: day(9) });
    const held = await balance(t, 'agent01', 2);
    const res = await t.call(
      api.terminal.renewBatch,
      { ids: `${T[0]},${T[1]}`, functions: 'location', confirm: 2 },
      top,
    );
    expect(res.code, res.msg.en).toBe(Code.ok);
    const row = await lastRow('/v1/terminal/renewBatch');
    expect(row.targetKind).toBe('terminal');
    expect([...row.targetIds].sort((a, b) => a - b)).toEqual([T[0], T[1]].sort((a, b) => a - b));
    expect(row.orgId).toBe(companyId);
    expect(row.before?.[T[0]]).toEqual({ locationExpires: day(5) });
    expect(row.after?.[T[0]]).toEqual({ locationExpires: yearsAfter(day(5)) });
    expect(row.after?.[T[1]]).toEqual({ locationExpires: yearsAfter(day(9)) });
    expect(row.cards).toMatchObject([{ card_type: 2, before: held, after: held - 2 }]);
    // The company's own audit list shows what its agent did to its terminals.
    const seen = await t.call(api.audit.list, { action: '/v1/terminal/renewBatch' }, company);
    expect(seen.code).toBe(Code.ok);
    expect(seen.data.list.map((r) => r.id)).toContain(row.id);
  });

  it('a change whose audit row cannot be written leaves nothing: no balance moved, no ledger row', async () => {
    const allow = await refuseAudit(t, '/v1/agent/blance/add');
    try {
      const [mine, rows, audited] = [
        await balance(t, 'agent01', 0),
        await ledgerRows(),
        (await lastRow('/v1/agent/blance/add'))?.id,
      ];
      const sale = await t.call(api.agent.blanceAdd, { agentId: subId, cardType: 0, quantity: 3 }, top);
      expect(sale.code).not.toBe(Code.ok);
      expect(await balance(t, 'agent01', 0)).toBe(mine);
      expect(await ledgerRows()).toBe(rows);
      expect((await lastRow('/v1/agent/blance/add'))?.id).toBe(audited);
    } finally {
      await allow();
    }
  });

  it('a refused spend leaves no audit row', async () => {
    const before = (await lastRow('/v1/terminal/addService'))?.id ?? 0;
    await t.database.db.execute(sql`update agent_cards set balance = 0 where card_type = 3`);
    const refused = await t.call(api.terminal.addService, { ids: String(T[2]), cardType: 3 }, top);
    expect(refused.code).toBe(Code.rule);
    const after = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, '/v1/terminal/addService'), sql`${auditLog.id} > ${before}`));
    expect(after[0].n).toBe(0);
    expect((await expiriesOf(t, [T[2]])).get(T[2])).toBeDefined();
  });

  it('refuses text that is not Unicode (a lone surrogate) before anything changes or is recorded', async () => {
    const before = (await lastRow('/v1/org/updateUnit'))?.id ?? 0;
    const res = await t.app.inject({
      method: 'POST',
      url: `${api.org.updateUnit.path}?${new URLSearchParams({ ...top })}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"id": ${companyId}, "name": "Demo_Company", "contact": "Ca\\ud800rl"}`,
    });
    expect(res.json()).toMatchObject({ code: Code.invalid });
    expect((await lastRow('/v1/org/updateUnit'))?.id ?? 0).toBe(before);
    const info = await t.call(api.org.info, { id: companyId }, top);
    expect(JSON.stringify(info.data)).not.toContain('\\ud800');
  });
});
