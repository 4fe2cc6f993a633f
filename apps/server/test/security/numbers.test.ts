import { api, Code, rules } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSsid, deviceCall, signIn } from '../device-support.ts';
import { backends, useTestApp } from '../harness.ts';

/** Spellings JavaScript reads as a number that the contract does not: digits are digits. */
const notDigits = ['0x2', '0o2', '0b10', '0.2e1', '2e0', '+2', ' 2 ', '2 ', '2.0', '２', '', 'Infinity'];

describe('numbers as the contract reads them', () => {
  it('reads ids and pages as digits only', () => {
    expect(rules.id.safeParse('2').data).toBe(2);
    expect(rules.id.safeParse(2).data).toBe(2);
    for (const v of [...notDigits, null, true, [2]])
      expect([v, rules.id.safeParse(v).success]).toEqual([v, false]);
    expect(rules.pageParams.safeParse({ size: '1e2' }).success).toBe(false);
    expect(rules.pageParams.safeParse({ page: '0x2' }).success).toBe(false);
    expect(rules.pageParams.safeParse({ size: '50' }).data).toEqual({ page: 1, size: 50 });
  });

  it('reads coordinates as finite decimals in range', () => {
    for (const v of [22.3, '22.3', '-22', 0, '0'])
      expect([v, rules.latitude.safeParse(v).success]).toEqual([v, true]);
    for (const v of [
      null,
      '',
      true,
      false,
      [5],
      {},
      '1e1',
      '0x10',
      ' 5',
      'NaN',
      Number.NaN,
      Infinity,
      90.5,
      '-91',
    ])
      expect([v, rules.latitude.safeParse(v).success]).toEqual([v, false]);
  });
});

describe.each(backends)('lenient numbers refused on %s', (backend) => {
  const { t, company } = useTestApp(backend, { sessions: ['company'], timeout: 60_000 });
  let token: string;

  beforeAll(async () => {
    ({ token } = await signIn(t, demoSsid(1)));
  }, 60_000);

  it('answers 40001 for an id or a size that is not digits', async () => {
    const [group] = (await t.call(api.group.list, {}, company)).data.list;
    expect((await t.call(api.group.detail, { id: String(group.id) }, company)).code).toBe(Code.ok);
    for (const id of ['0x2', '0o2', '0b10', '0.2e1', '+2', ' 2 '])
      expect([id, (await t.call(api.group.detail, { id }, company)).code]).toEqual([id, Code.invalid]);
    expect((await t.call(api.group.list, { size: '1e2' }, company)).code).toBe(Code.invalid);
  });

  it('refuses a position whose lat is null, blank, a boolean or a list, and stores none', async () => {
    const time = new Date().toISOString();
    for (const lat of [null, '', true, [5]]) {
      const r = await deviceCall(
        t,
        api.device.positions,
        { device_token: token },
        {
          positions: [{ lat, lng: 114.1, time }],
        },
      );
      expect([lat, r.code]).toEqual([lat, Code.invalid]);
    }
  });
});
