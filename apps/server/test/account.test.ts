import { api, Code } from '@ptt/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orgs, rateLimits, smsCodes, smsOutbox } from '../src/db/schema.ts';
import {
  agentPhone,
  codeFor,
  expectMsg,
  expireCodes,
  forgetResend,
  outboxCode,
  outboxCount,
  wrongCode,
} from './account-support.ts';
import { backends, useTestApp } from './harness.ts';

const reset = { purpose: 'resetPwd', role: 0, account: 'agent01', phone: agentPhone };
const check = { purpose: 'resetPwd', role: 0, account: 'agent01' };
const newPwd = { role: 0, account: 'agent01', newPassword: 'fresh456', confirmPassword: 'fresh456' };

describe.each(backends)('SMS codes and the forgotten password on %s', (backend) => {
  const { t } = useTestApp(backend);
  beforeEach(() => t.reset());

  it('sends a 4-digit code to the stored phone, through the outbox, stored only as a hash', async () => {
    const res = await t.call(api.jsp.sendSms, reset);
    expect(res.code).toBe(Code.ok);
    expect(res.msg).toEqual({
      en: 'The verification code has been sent',
      cn: '验证码已发送',
      cn2: '驗證碼已發送',
    });
    expect(res.data).toEqual({ phone: '852****4567', expires_in: 300, resend_in: 60 });
    const code = await outboxCode(t, agentPhone);
    const [row] = await t.database.db.select().from(smsCodes);
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash.length).toBeGreaterThan(20);
    expect(row.tries).toBe(0);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(290_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(300_000);
  });

  it('writes the text in the language asked for', async () => {
    await t.call(api.jsp.sendSms, { ...reset, lang: 'cn2' });
    const [row] = await t.database.db.select().from(smsOutbox);
    expect(row.text).toMatch(/^PTT Console 驗證碼：\d{4}，5分鐘內有效/);
  });

  it('answers the same for an unknown account or a phone that is not the stored one, sending nothing', async () => {
    const real = await t.call(api.jsp.sendSms, { ...reset, phone: '85290000000' });
    const unknown = await t.call(api.jsp.sendSms, { ...reset, account: 'nobody_here' });
    const company = await t.call(api.jsp.sendSms, {
      ...reset,
      role: 1,
      account: 'company01',
      phone: '85291110000',
    });
    for (const res of [real, unknown, company]) {
      expect(res.code).toBe(Code.ok);
      expect(res.msg.en).toBe('The verification code has been sent');
      expect(Object.keys(res.data).sort()).toEqual(['expires_in', 'phone', 'resend_in']);
    }
    expect(await outboxCount(t)).toBe(0);
    // Resetting with any code then fails like a wrong code, never with something that tells them apart.
    const guess = await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, account: 'nobody_here', code: '1234' });
    expectMsg(guess, Code.invalid, 'Verification code error!');
  });

  it('checks the parameters of sendSms', async () => {
    expectMsg(await t.call(api.jsp.sendSms, {}), Code.invalid, 'Invalid parameters');
    expectMsg(
      await t.call(api.jsp.sendSms, { ...reset, purpose: 'login' }),
      Code.invalid,
      'Invalid parameters',
    );
    expectMsg(
      await t.call(api.jsp.sendSms, { ...reset, phone: '12ab' }),
      Code.invalid,
      'Please enter a correct mobile number',
    );
    const noAccount = await t.call(api.jsp.sendSms, { purpose: 'resetPwd', role: 0, phone: agentPhone });
    expectMsg(noAccount, Code.invalid, 'Login account: 6-20 letters, digits or underscores');
    expectMsg(await t.call(api.jsp.sendSms, { ...reset, role: 3 }), Code.invalid, 'Invalid parameters');
    expectMsg(await t.call(api.jsp.sendSms, { ...reset, lang: 'fr' }), Code.invalid, 'Invalid parameters');
  });

  it('sends one code a minute per phone and ten a day', async () => {
    await codeFor(t, reset, agentPhone);
    const again = await t.call(api.jsp.sendSms, reset);
    expectMsg(again, Code.tooMany, 'Verification codes are requested too often, please try again later');
    // Also when the second request names an account that does not exist: the limit is the phone's.
    const other = await t.call(api.jsp.sendSms, { ...reset, account: 'nobody_here' });
    expect(other.code).toBe(Code.tooMany);
    expect(await outboxCount(t)).toBe(1);

    // A minute later (the window moved into the past) the next one goes out.
    await t.database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `sms-phone:${agentPhone}`));
    expect((await t.call(api.jsp.sendSms, reset)).code).toBe(Code.ok);

    for (let i = 2; i < 10; i++) {
      await t.database.db.delete(rateLimits).where(eq(rateLimits.key, `sms-phone:${agentPhone}`));
      expect((await t.call(api.jsp.sendSms, reset)).code).toBe(Code.ok);
    }
    await t.database.db.delete(rateLimits).where(eq(rateLimits.key, `sms-phone:${agentPhone}`));
    expectMsg(
      await t.call(api.jsp.sendSms, reset),
      Code.tooMany,
      'Verification codes are requested too often, please try again later',
    );
    expect(await outboxCount(t)).toBe(10);
  });

  it('tells a malformed, a wrong and a right code apart, without spending the right one', async () => {
    const code = await codeFor(t, reset, agentPhone);
    for (const bad of ['', '123', '12345', 'abcd', '12 4']) {
      const res = await t.call(api.jsp.verificationCode, { ...check, code: bad });
      expectMsg(res, Code.invalid, 'Please enter correct verify code!');
    }
    const wrong = await t.call(api.jsp.verificationCode, { ...check, code: wrongCode(code) });
    expectMsg(wrong, Code.invalid, 'Verification code error!');
    expect(wrong.msg.cn2).toBe('驗證碼錯誤！');
    expect((await t.call(api.jsp.verificationCode, { ...check, code })).code).toBe(Code.ok);
    expect((await t.call(api.jsp.verificationCode, { ...check, code })).code).toBe(Code.ok);
    expect((await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, code })).code).toBe(Code.ok);
  });

  it('answers "expired" once the five minutes are over', async () => {
    const code = await codeFor(t, reset, agentPhone);
    await expireCodes(t);
    const res = await t.call(api.jsp.verificationCode, { ...check, code });
    expectMsg(res, Code.invalid, 'The verification code has expired, please get it again!');
    expect(res.msg.cn).toBe('验证码已过期，请重新获取！');
    expectMsg(
      await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, code }),
      Code.invalid,
      'The verification code has expired, please get it again!',
    );
  });

  it('kills a code after five wrong tries: the sixth is refused even with the right code', async () => {
    const code = await codeFor(t, reset, agentPhone);
    for (let i = 0; i < 5; i++) {
      const res = await t.call(api.jsp.verificationCode, { ...check, code: wrongCode(code) });
      expectMsg(res, Code.invalid, 'Verification code error!');
    }
    const [row] = await t.database.db.select().from(smsCodes);
    expect(row.tries).toBe(5);
    expectMsg(
      await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, code }),
      Code.invalid,
      'The verification code has expired, please get it again!',
    );
    // A new code starts over.
    await forgetResend(t);
    const fresh = await codeFor(t, reset, agentPhone);
    expect((await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, code: fresh })).code).toBe(Code.ok);
  });

  it('lets only the latest code work', async () => {
    const first = await codeFor(t, reset, agentPhone);
    await forgetResend(t);
    let second = await codeFor(t, reset, agentPhone);
    while (second === first) {
      await forgetResend(t);
      second = await codeFor(t, reset, agentPhone);
    }
    expect((await t.call(api.jsp.verificationCode, { ...check, code: first })).code).toBe(Code.invalid);
    expect((await t.call(api.jsp.verificationCode, { ...check, code: second })).code).toBe(Code.ok);
  });

  it('resets a forgotten password with the code from the outbox and ends every session', async () => {
    const a = await t.login(0, 'agent01', 'agent123');
    const b = await t.login(0, 'agent01', 'agent123');
    const code = await codeFor(t, reset, agentPhone);

    const mismatch = await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, confirmPassword: 'fresh457', code });
    expectMsg(mismatch, Code.invalid, 'The 2 inputs are inconsistent, please re-enter');
    const short = await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, newPassword: 'ab1', code });
    expectMsg(short, Code.invalid, 'Password: 6-16 letters or digits');
    const badCode = await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, code: '12x4' });
    expectMsg(badCode, Code.invalid, 'Please enter correct verify code!');

    const done = await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, code });
    expect(done.code).toBe(Code.ok);
    for (const s of [a, b]) expect((await t.call(api.profile.agent, {}, s)).code).toBe(Code.unauthorized);
    await expect(t.login(0, 'agent01', 'agent123')).rejects.toThrow('Password error');
    const s = await t.login(0, 'agent01', 'fresh456');
    expect((await t.call(api.profile.agent, {}, s)).data.account).toBe('agent01');

    const replay = await t.call(api.jsp.setPhoneAndPwd, {
      ...newPwd,
      newPassword: 'other789',
      confirmPassword: 'other789',
      code,
    });
    expectMsg(replay, Code.invalid, 'The verification code has expired, please get it again!');
  });

  it('resets a company password the same way, and a code is good for its own account only', async () => {
    await t.database.db.update(orgs).set({ phone: agentPhone }).where(eq(orgs.account, 'company01'));
    const forCompany = await codeFor(t, { ...reset, role: 1, account: 'company01' }, agentPhone);
    const onAgent = await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, code: forCompany });
    expectMsg(onAgent, Code.invalid, 'Verification code error!');
    const onCompany = await t.call(api.jsp.setPhoneAndPwd, {
      ...newPwd,
      role: 1,
      account: 'company01',
      code: forCompany,
    });
    expect(onCompany.code).toBe(Code.ok);
    expect((await t.login(1, 'company01', 'fresh456')).access_token).toBeTruthy();
  });

  it('lifts the login lock of the account when its password is reset', async () => {
    for (let i = 0; i < 5; i++) await expect(t.login(0, 'agent01', 'wrong999')).rejects.toThrow();
    await expect(t.login(0, 'agent01', 'agent123')).rejects.toThrow('Too many attempts');
    const code = await codeFor(t, reset, agentPhone);
    expect((await t.call(api.jsp.setPhoneAndPwd, { ...newPwd, code })).code).toBe(Code.ok);
    expect((await t.login(0, 'agent01', 'fresh456')).access_token).toBeTruthy();
  });
});
