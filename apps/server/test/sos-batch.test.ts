import { api, Code, Limits } from '@ptt/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sosRecords, terminals } from '../src/db/schema.ts';
import { raise } from '../src/modules/sos/service.ts';
import { addOtherTenant, backends, loginAs, type Session, useTestApp } from './harness.ts';

describe.each(backends)('SOS processed together on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 60_000, closeTimeout: 30_000 });
  let company: Session;
  let top: Session;
  let sub: Session;
  let other: Session;
  let otherOrg: Awaited<ReturnType<typeof addOtherTenant>>['org'];

  beforeAll(async () => {
    ({ org: otherOrg } = await addOtherTenant(t));
    ({ company, top, sub, other } = await loginAs(t, 'company', 'top', 'sub', 'other'));
  }, 60_000);

  /** Alarms raised as the device API raises them, from the demo company's first radio. */
  const raiseSos = async (n: number) => {
    const [radio] = await t.database.db.select().from(terminals).where(eq(terminals.name, 'Radio1'));
    const ids: number[] = [];
    for (let i = 0; i < n; i++)
      ids.push(
        (await raise(t.database.db, { orgId: radio.orgId, agentPath: radio.agentPath, terminalId: radio.id }))
          .id,
      );
    return ids;
  };
  const stored = (ids: number[]) =>
    t.database.db
      .select({
        id: sosRecords.id,
        status: sosRecords.status,
        processor: sosRecords.processor,
        remark: sosRecords.remark,
        falseAlarm: sosRecords.falseAlarm,
      })
      .from(sosRecords)
      .where(inArray(sosRecords.id, ids))
      .orderBy(sosRecords.id);
  const untreated = async (s: Session) => (await t.call(api.sos.untreatedSOSCount, {}, s)).data;

  it('processes several SOS with one remark, marks them false alarms and lists them apart', async () => {
    const ids = await raiseSos(3);
    const before = await untreated(company);
    const res = await t.call(
      api.sos.processBatch,
      { ids: ids.join(','), remark: 'Pressed by mistake', falseAlarm: 1 },
      company,
    );
    expect([res.code, res.data]).toEqual([Code.ok, { processed: 3 }]);
    expect(await untreated(company)).toBe(before - 3);
    expect(await stored(ids)).toEqual(
      ids.map((id) => ({
        id,
        status: 1,
        processor: 'Demo_Company',
        remark: 'Pressed by mistake',
        falseAlarm: true,
      })),
    );
    const detail = await t.call(api.sos.detail, { id: ids[0] }, company);
    expect(detail.data).toMatchObject({ status: 1, false_alarm: 1, remark: 'Pressed by mistake' });
    const falseOnes = (await t.call(api.sos.list, { falseAlarm: 1 }, company)).data;
    expect(falseOnes.list.map((s) => s.id).sort()).toEqual(ids);
    const real = (await t.call(api.sos.list, { falseAlarm: 0, status: 1 }, company)).data;
    expect(real.list.some((s) => ids.includes(s.id))).toBe(false);
  });

  it('marks one SOS a false alarm, or a real one by default', async () => {
    const [a, b] = await raiseSos(2);
    const one = await t.call(api.sos.process, { id: a, falseAlarm: 1 }, top);
    expect(one.data).toMatchObject({ status: 1, false_alarm: 1, processor: 'Demo_Agent' });
    const two = await t.call(api.sos.process, { id: b, remark: 'Driver safe' }, company);
    expect(two.data).toMatchObject({ status: 1, false_alarm: 0 });
  });

  it('lets the agent process its companies’ SOS together under its own name', async () => {
    const ids = await raiseSos(2);
    const res = await t.call(api.sos.processBatch, { ids: ids.join(','), remark: 'Called' }, top);
    expect(res.data).toEqual({ processed: 2 });
    expect((await stored(ids)).map((s) => [s.processor, s.falseAlarm])).toEqual([
      ['Demo_Agent', false],
      ['Demo_Agent', false],
    ]);
  });

  it('writes nothing when one SOS is out of scope, missing or already processed', async () => {
    const [done] = await raiseSos(1);
    await t.call(api.sos.process, { id: done }, company);
    const open = await raiseSos(2);
    const [foreignTerminal] = await t.database.db
      .insert(terminals)
      .values({
        ssid: '359800000000001',
        name: 'Foreign',
        orgId: otherOrg.id,
        agentPath: otherOrg.agentPath,
        intercomPwdHash: 'x',
      })
      .returning();
    const foreign = (
      await raise(t.database.db, {
        orgId: otherOrg.id,
        agentPath: otherOrg.agentPath,
        terminalId: foreignTerminal.id,
      })
    ).id;

    const withForeign = await t.call(api.sos.processBatch, { ids: [...open, foreign].join(',') }, company);
    expect([withForeign.code, withForeign.msg.en, withForeign.data]).toEqual([
      Code.notFound,
      'The record does not exist',
      null,
    ]);
    const missing = await t.call(api.sos.processBatch, { ids: [...open, 9_999_999].join(',') }, company);
    expect(missing.code).toBe(Code.notFound);
    const withDone = await t.call(api.sos.processBatch, { ids: [...open, done].join(',') }, company);
    expect([withDone.code, withDone.msg.en, withDone.data]).toEqual([
      Code.rule,
      'Some of these SOS have already been processed; nothing was changed',
      { ids: [done] },
    ]);
    // Neither the sub-agent nor another company reaches the demo company's alarms.
    expect((await t.call(api.sos.processBatch, { ids: open.join(',') }, sub)).code).toBe(Code.notFound);
    expect((await t.call(api.sos.processBatch, { ids: open.join(',') }, other)).code).toBe(Code.notFound);
    expect((await stored(open)).map((s) => s.status)).toEqual([0, 0]);
    expect((await stored([foreign]))[0].status).toBe(0);
    // The other company processes its own.
    const own = await t.call(api.sos.processBatch, { ids: String(foreign) }, other);
    expect(own.data).toEqual({ processed: 1 });
  });

  it('refuses no ids, too many ids, bad ids and a long remark before reading anything', async () => {
    const none = await t.call(api.sos.processBatch, { ids: '' }, company);
    expect([none.code, none.msg.en]).toEqual([Code.invalid, 'Please select an SOS']);
    const many = Array.from({ length: Limits.sosBatchMax + 1 }, (_, i) => i + 1).join(',');
    const tooMany = await t.call(api.sos.processBatch, { ids: many }, company);
    expect([tooMany.code, tooMany.msg.en]).toEqual([Code.invalid, 'At most 100 SOS at a time']);
    const bad = await t.call(api.sos.processBatch, { ids: '1,x' }, company);
    expect(bad.code).toBe(Code.invalid);
    const flag = await t.call(api.sos.processBatch, { ids: '1', falseAlarm: 2 }, company);
    expect(flag.code).toBe(Code.invalid);
    const long = await t.call(api.sos.processBatch, { ids: '1', remark: 'x'.repeat(101) }, company);
    expect([long.code, long.msg.en]).toEqual([Code.invalid, 'Remarks: within 100 characters']);
    const anonymous = await t.call(api.sos.processBatch, { ids: '1' });
    expect(anonymous.code).toBe(Code.unauthorized);
  });

  it('counts a repeated id once', async () => {
    const [a, b] = await raiseSos(2);
    const res = await t.call(api.sos.processBatch, { ids: `${b},${a},${b}` }, company);
    expect(res.data).toEqual({ processed: 2 });
  });

  it('lets exactly one of a burst of batches over the same SOS process them, and overlapping ones queue', async () => {
    const ids = await raiseSos(6);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call(
          api.sos.processBatch,
          { ids: ids.slice(0, 4).join(','), remark: `by ${i}` },
          i % 2 ? top : company,
        ),
      ),
    );
    expect(burst.map((a) => a.code).sort()).toEqual([Code.ok, ...Array(7).fill(Code.rule)]);
    const winner = burst.findIndex((a) => a.code === Code.ok);
    expect(burst[winner].data).toEqual({ processed: 4 });
    const rows = await stored(ids);
    expect(rows.slice(0, 4).map((s) => s.remark)).toEqual(Array(4).fill(`by ${winner}`));
    expect(rows.slice(4).map((s) => s.status)).toEqual([0, 0]);

    // Batches in opposite orders over shared alarms: one wins, none deadlocks, nothing half-done.
    const rest = await raiseSos(4);
    const crossed = await Promise.all([
      t.call(api.sos.processBatch, { ids: [...rest].join(',') }, company),
      t.call(api.sos.processBatch, { ids: [...rest].reverse().join(',') }, top),
      t.call(api.sos.processBatch, { ids: `${rest[3]},${rest[0]}` }, company),
      t.call(api.sos.processBatch, { ids: ids.slice(4).join(',') }, company),
    ]);
    const won = crossed.slice(0, 3).filter((a) => a.code === Code.ok);
    expect(won).toHaveLength(1);
    expect(crossed.slice(0, 3).every((a) => a.code === Code.ok || a.code === Code.rule)).toBe(true);
    expect(crossed[3].data).toEqual({ processed: 2 });
    const after = await stored(rest);
    // The winner's alarms all processed by it, the others (when the pair won) still open.
    const expected = won[0].data?.processed === 2 ? [1, 0, 0, 1] : [1, 1, 1, 1];
    expect(after.map((s) => s.status)).toEqual(expected);
    expect(new Set(after.filter((s) => s.status === 1).map((s) => s.processor)).size).toBe(1);
    expect((await stored(ids.slice(4))).map((s) => s.status)).toEqual([1, 1]);
  }, 60_000);
});
