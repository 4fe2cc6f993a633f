import { afterEach, describe, expect, it } from 'vitest';
import { isPermanent, isSubAgentPath, Limits } from '../src/constants.ts';

describe('isSubAgentPath', () => {
  it.each([
    ['', false],
    ['0001', false],
    ['00010001', true],
    ['000100010001', true],
  ])('%j → %s', (path, sub) => {
    expect(isSubAgentPath(path)).toBe(sub);
  });
});

describe('isPermanent', () => {
  it.each([
    ['2034-12-31', false],
    ['2035-01-01', true],
    ['2099-06-30', true],
    ['2024-05-01', false],
    ['2034-12-31 23:59:59', false],
    ['2035-01-01 00:00:00', true],
    ['2035-01-01T00:00:00.000Z', true],
    [null, false],
    [undefined, false],
    ['', false],
    ['not a date', false],
  ])('%j → %s', (date, permanent) => {
    expect(isPermanent(date)).toBe(permanent);
  });

  it('takes Date objects', () => {
    expect(isPermanent(new Date(Date.UTC(2035, 0, 1)))).toBe(true);
    expect(isPermanent(new Date(Date.UTC(2034, 11, 31, 23, 59)))).toBe(false);
  });

  describe('does not depend on the time zone of the machine', () => {
    const tz = process.env.TZ;
    afterEach(() => {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    });
    it.each(['Asia/Shanghai', 'America/New_York', 'UTC'])('in %s', (zone) => {
      process.env.TZ = zone;
      expect(isPermanent('2035-01-01 00:00:00')).toBe(true);
      expect(isPermanent('2034-12-31 23:59:59')).toBe(false);
      expect(isPermanent('2035-01-01')).toBe(true);
      expect(isPermanent('2034-12-31')).toBe(false);
    });
  });
});

describe('Limits (SPEC §9)', () => {
  it('holds the numbers of the spec', () => {
    expect(Limits.requestTimeoutMs).toBe(100_000);
    expect(Limits.chunkLoadTimeoutMs).toBe(120_000);
    expect(Limits.puzzle).toMatchObject({ width: 320, height: 160, block: 42, radius: 10, modalWidth: 350 });
    expect(Limits.sosPollMs).toBe(3000);
    expect(Limits.doubleClickGuardMs).toBe(2000);
    expect(Limits.password).toEqual({ min: 6, max: 16 });
    expect(Limits.loginFieldMax).toBe(30);
    expect(Limits.ssidLength).toBe(15);
    expect(Limits.scanAddMax).toBe(100);
    expect(Limits.inputAddMax).toBe(10);
    expect(Limits.groupBatchMax).toBe(16);
    expect(Limits.exportRangeDays).toBe(90);
    expect(Limits.remarkMax).toBe(100);
    expect(Limits.smsCodeLength).toBe(4);
    expect(Limits.cardPwdLength).toBe(6);
    expect(Limits.priority).toEqual({ min: 1, max: 5 });
    expect(Limits.cardSwipePage).toBe(3);
    expect(Limits.permanentYear).toBe(2035);
    expect(Limits.topLevelPathMax).toBe(4);
    expect(Limits.version).toBe('1.0.1');
  });
});
