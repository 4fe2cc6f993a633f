import { api, Code } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSsid, deviceCall, signIn } from './device-support.ts';
import { addOtherTenant, backends, loginAs, type Session, useTestApp } from './harness.ts';

describe.each(backends)('SOS on %s', (backend) => {
  const { t } = useTestApp(backend);
  let company: Session;
  let top: Session;
  let sub: Session;
  let other: Session;
  let token: string;
  beforeAll(async () => {
    await addOtherTenant(t);
    ({ company, top, sub, other } = await loginAs(t, 'company', 'top', 'sub', 'other'));
    token = (await signIn(t, demoSsid(1))).token;
  });

  const count = async (s: Session) => (await t.call(api.sos.untreatedSOSCount, {}, s)).data;

  it('raises an SOS from a terminal, counts it, processes it and counts it no more', async () => {
    expect(await count(company)).toBe(1);
    const raised = await deviceCall(t, api.device.sos, { device_token: token, lat: 22.3, lng: 114.17 });
    expect(raised.code).toBe(Code.ok);
    expect(await count(company)).toBe(2);
    expect(await count(top)).toBe(2);
    expect(await count(sub)).toBe(0);

    const list = await t.call(api.sos.list, {}, company);
    expect(list.data.total).toBe(2);
    expect(list.data.list[0]).toMatchObject({
      id: raised.data.id,
      status: 0,
      terminal_name: 'Radio1',
      lat: 22.3,
    });

    const detail = await t.call(api.sos.detail, { id: raised.data.id, lang: 'cn2' }, company);
    expect(detail.data).toMatchObject({
      ssid: demoSsid(1),
      address: '中國香港特別行政區 Wan Chai 附近（2.1 公里）',
      processor: null,
    });

    const done = await t.call(api.sos.process, { id: raised.data.id, remark: '已派人前往' }, company);
    expect(done.code).toBe(Code.ok);
    expect(done.data).toMatchObject({ status: 1, processor: 'Demo_Company', remark: '已派人前往' });
    expect(done.data.processed_at).not.toBeNull();
    expect(await count(company)).toBe(1);

    const again = await t.call(api.sos.process, { id: raised.data.id }, company);
    expect([again.code, again.msg.en]).toEqual([Code.rule, 'This SOS has already been processed']);
  });

  it('lists unprocessed first, filters by status and date, and keeps the position with the track', async () => {
    const list = await t.call(api.sos.list, {}, company);
    expect(list.data.list.map((s) => s.status)).toEqual([0, 1]);
    expect((await t.call(api.sos.list, { status: 1 }, company)).data.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const past = await t.call(api.sos.list, { start: '2020-01-01', end: '2020-02-01' }, company);
    expect(past.data.total).toBe(0);
    const now = await t.call(api.sos.list, { start: today, end: later, timeZone: 'UTC' }, company);
    expect(now.data.total).toBe(2);
    const tooLong = await t.call(api.sos.list, { start: '2020-01-01', end: '2020-06-01' }, company);
    expect([tooLong.code, tooLong.msg.en]).toEqual([Code.invalid, 'The date range cannot exceed 90 days']);
  });

  it('pages its history by one more row, not by counting it whole, and every page follows from the last', async () => {
    const whole = (await t.call(api.sos.list, {}, company)).data;
    expect(whole.list).toHaveLength(2);
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const { list, total } = (await t.call(api.sos.list, { page, size: 1 }, company)).data;
      seen.push(...list.map((s) => s.id));
      // The total says whether a next page exists: the rows before this page and those read past it.
      expect(total).toBe(Math.min(page + 1, 2));
      if (page * 1 >= total) break;
    }
    expect(seen).toEqual(whole.list.map((s) => s.id));
    const past = (await t.call(api.sos.list, { page: 5, size: 1 }, company)).data;
    expect(past).toMatchObject({ list: [], total: 2 });
  });

  it('lets the agent process its companies’ SOS under its own name, with the remark rule', async () => {
    const [open] = (await t.call(api.sos.list, { status: 0 }, top)).data.list;
    const long = await t.call(api.sos.process, { id: open.id, remark: 'x'.repeat(101) }, top);
    expect([long.code, long.msg.en]).toEqual([Code.invalid, 'Remarks: within 100 characters']);
    const done = await t.call(api.sos.process, { id: open.id, remark: 'Called the driver' }, top);
    expect(done.data.processor).toBe('Demo_Agent');
    expect(await count(company)).toBe(0);
  });

  it('hides SOS records from other companies and from agents outside the scope', async () => {
    const [one] = (await t.call(api.sos.list, {}, company)).data.list;
    expect((await t.call(api.sos.list, {}, other)).data.total).toBe(0);
    expect((await t.call(api.sos.detail, { id: one.id }, other)).code).toBe(Code.notFound);
    expect((await t.call(api.sos.process, { id: one.id }, other)).code).toBe(Code.notFound);
    expect((await t.call(api.sos.detail, { id: one.id }, sub)).code).toBe(Code.notFound);
    expect(await count(other)).toBe(0);
  });

  it('refuses an SOS without a valid device token and limits a stuck button', async () => {
    expect((await deviceCall(t, api.device.sos, { device_token: 'x'.repeat(40) })).code).toBe(
      Code.unauthorized,
    );
    expect((await deviceCall(t, api.device.sos, {})).code).toBe(Code.unauthorized);
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await deviceCall(t, api.device.sos, { device_token: token })).code);
    expect(codes.filter((c) => c === Code.tooMany).length).toBeGreaterThan(0);
  });
});
