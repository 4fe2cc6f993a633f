import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { agents } from '../src/db/schema.ts';
import { agentPhone, codeFor, expectMsg, forgetResend, wrongCode } from './account-support.ts';
import { backends, type Session, useTestApp } from './harness.ts';

const change = { oldPassword: 'agent123', newPassword: 'newpass99', confirmPassword: 'newpass99' };

describe.each(backends)('password change and the service card password on %s', (backend) => {
  const { t } = useTestApp(backend);
  let subId: number;
  beforeEach(async () => {
    await t.reset();
    const [sub] = await t.database.db.select().from(agents).where(eq(agents.account, 'subagent01'));
    subId = sub.id;
  });

  it('checks every rule of a password change', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    const cases: [Record<string, string>, string][] = [
      [{ ...change, oldPassword: '' }, 'Please enter the old password'],
      [{ ...change, newPassword: 'abc12', confirmPassword: 'abc12' }, 'Password: 6-16 letters or digits'],
      [
        { ...change, newPassword: 'a'.repeat(17), confirmPassword: 'a'.repeat(17) },
        'Password: 6-16 letters or digits',
      ],
      [{ ...change, newPassword: 'abc 123', confirmPassword: 'abc 123' }, 'Password: 6-16 letters or digits'],
      [{ ...change, confirmPassword: 'newpass98' }, 'The 2 inputs are inconsistent, please re-enter'],
      [
        { ...change, newPassword: 'agent123', confirmPassword: 'agent123' },
        'The new password cannot be the same as the original password',
      ],
      [{ ...change, oldPassword: 'agent124' }, 'Old password error'],
    ];
    for (const [params, en] of cases)
      expectMsg(await t.call(api.profile.password, params, s), Code.invalid, en);
    const old = await t.call(api.profile.password, { ...change, oldPassword: 'wrong1' }, s);
    expect(old.msg).toEqual({ en: 'Old password error', cn: '原密码错误', cn2: '原密碼錯誤' });
    expect(old.data).toEqual({ field: 'oldPassword' });
  });

  it('ends every other session of the account and keeps the caller’s', async () => {
    const mine = await t.login(0, 'agent01', 'agent123');
    const phone = await t.login(0, 'agent01', 'agent123');
    const tablet = await t.login(0, 'agent01', 'agent123');
    const company = await t.login(1, 'company01', 'company123');
    expect((await t.call(api.profile.password, change, mine)).code).toBe(Code.ok);
    for (const other of [phone, tablet]) {
      const res = await t.call(api.profile.agent, {}, other);
      expectMsg(res, Code.unauthorized, 'Login expired, please log in again');
    }
    expect((await t.call(api.profile.agent, {}, mine)).code).toBe(Code.ok);
    expect((await t.call(api.profile.org, {}, company)).code).toBe(Code.ok);
    await expect(t.login(0, 'agent01', 'agent123')).rejects.toThrow('Password error');
    expect((await t.login(0, 'agent01', 'newpass99')).openid).toBe(mine.openid);
  });

  it('changes a company password too', async () => {
    const s = await t.login(1, 'company01', 'company123');
    const other = await t.login(1, 'company01', 'company123');
    const p = { oldPassword: 'company123', newPassword: 'unit2024', confirmPassword: 'unit2024' };
    expect((await t.call(api.profile.password, p, s)).code).toBe(Code.ok);
    expect((await t.call(api.profile.org, {}, other)).code).toBe(Code.unauthorized);
    expect((await t.call(api.profile.org, {}, s)).code).toBe(Code.ok);
    expect((await t.login(1, 'company01', 'unit2024')).access_token).toBeTruthy();
  });

  it('counts wrong old passwords against the login limit', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    for (let i = 0; i < 5; i++) {
      expect((await t.call(api.profile.password, { ...change, oldPassword: `bad${i}xx` }, s)).msg.en).toBe(
        'Old password error',
      );
    }
    expectMsg(
      await t.call(api.profile.password, change, s),
      Code.tooMany,
      'Too many attempts, please try again later',
    );
  });

  const setPayPwd = async (s: Session, pwd = '135790') => {
    const code = await codeFor(t, { purpose: 'payPwd' }, agentPhone, s);
    return t.call(api.jsp.updateCardPwd, { code, cardPwd: pwd, confirmCardPwd: pwd }, s);
  };

  it('sets a service card password with a code sent to the agent’s phone, then a sale needs it', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    expectMsg(
      await t.call(api.jsp.checkPwd, { payPwd: '135790' }, s),
      Code.rule,
      'Please set the service card password first',
    );
    const sent = await t.call(api.jsp.sendSms, { purpose: 'payPwd' }, s);
    expect(sent.data.phone).toBe('852****4567');
    await forgetResend(t);
    expect((await setPayPwd(s)).code).toBe(Code.ok);
    expect((await t.call(api.profile.agent, {}, s)).data.has_pay_pwd).toBe(true);

    expect((await t.call(api.jsp.checkPwd, { payPwd: '135790' }, s)).code).toBe(Code.ok);
    expectMsg(
      await t.call(api.jsp.checkPwd, { payPwd: '135791' }, s),
      Code.rule,
      'Service card password error',
    );
    expectMsg(await t.call(api.jsp.checkPwd, {}, s), Code.invalid, 'Please enter the service card password');
    expectMsg(
      await t.call(api.jsp.checkPwd, { payPwd: '12345' }, s),
      Code.invalid,
      'Service card password: 6 digits',
    );

    const before = (await t.call(api.profile.agent, {}, s)).data.blance;
    const sale = { agentId: subId, cardType: 0, quantity: 2 };
    expectMsg(
      await t.call(api.agent.blanceAdd, sale, s),
      Code.invalid,
      'Please enter the service card password',
    );
    expectMsg(
      await t.call(api.agent.blanceAdd, { ...sale, payPwd: '000000' }, s),
      Code.rule,
      'Service card password error',
    );
    const ok = await t.call(api.agent.blanceAdd, { ...sale, payPwd: '135790' }, s);
    expect(ok.code).toBe(Code.ok);
    expect(ok.data.balance).toBe(before - 2);
    const back = await t.call(api.agent.cardRecovery, { ...sale, quantity: 1, payPwd: '135790' }, s);
    expect(back.code).toBe(Code.ok);

    // Changing it takes a new code, not the old password.
    await forgetResend(t);
    expect((await setPayPwd(s, '246802')).code).toBe(Code.ok);
    expect((await t.call(api.jsp.checkPwd, { payPwd: '135790' }, s)).code).toBe(Code.rule);
    expect((await t.call(api.jsp.checkPwd, { payPwd: '246802' }, s)).code).toBe(Code.ok);
  });

  it('checks the pay password rules and the code of updateCardPwd', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    const code = await codeFor(t, { purpose: 'payPwd' }, agentPhone, s);
    const call = (p: Record<string, string>) => t.call(api.jsp.updateCardPwd, p, s);
    const pair = { cardPwd: '135790', confirmCardPwd: '135790' };
    expectMsg(
      await call({ ...pair, confirmCardPwd: '135791', code }),
      Code.invalid,
      'The 2 inputs are inconsistent, please re-enter',
    );
    expectMsg(
      await call({ cardPwd: '13579a', confirmCardPwd: '13579a', code }),
      Code.invalid,
      'Service card password: 6 digits',
    );
    expectMsg(
      await call({ cardPwd: '1357900', confirmCardPwd: '1357900', code }),
      Code.invalid,
      'Service card password: 6 digits',
    );
    expectMsg(await call({ ...pair }), Code.invalid, 'Please enter correct verify code!');
    expectMsg(await call({ ...pair, code: wrongCode(code) }), Code.invalid, 'Verification code error!');
    expect((await call({ ...pair, code })).code).toBe(Code.ok);
    expectMsg(
      await call({ ...pair, code }),
      Code.invalid,
      'The verification code has expired, please get it again!',
    );
  });

  it('needs a phone on the account for a pay password code', async () => {
    const sub = await t.login(0, 'subagent01', 'agent123');
    expectMsg(
      await t.call(api.jsp.sendSms, { purpose: 'payPwd' }, sub),
      Code.rule,
      'Please bind a mobile phone first',
    );
    expectMsg(
      await t.call(api.jsp.sendSms, { purpose: 'payPwd' }),
      Code.unauthorized,
      'Login expired, please log in again',
    );
  });

  it('locks the pay password after five wrong tries, for checkPwd and sales alike', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    expect((await setPayPwd(s)).code).toBe(Code.ok);
    for (let i = 0; i < 5; i++) {
      expect((await t.call(api.jsp.checkPwd, { payPwd: `00000${i}` }, s)).msg.en).toBe(
        'Service card password error',
      );
    }
    const locked = await t.call(api.jsp.checkPwd, { payPwd: '135790' }, s);
    expectMsg(locked, Code.tooMany, 'Too many attempts, please try again later');
    const sale = await t.call(
      api.agent.blanceAdd,
      { agentId: subId, cardType: 0, quantity: 1, payPwd: '135790' },
      s,
    );
    expect(sale.code).toBe(Code.tooMany);
    // A new pay password (set with a code) lifts the lock.
    await forgetResend(t);
    expect((await setPayPwd(s, '864200')).code).toBe(Code.ok);
    expect((await t.call(api.jsp.checkPwd, { payPwd: '864200' }, s)).code).toBe(Code.ok);
  });

  it('keeps the pay password endpoints from companies', async () => {
    const c = await t.login(1, 'company01', 'company123');
    expect((await t.call(api.jsp.checkPwd, { payPwd: '135790' }, c)).code).toBe(Code.forbidden);
    const upd = await t.call(
      api.jsp.updateCardPwd,
      { cardPwd: '135790', confirmCardPwd: '135790', code: '1234' },
      c,
    );
    expect(upd.code).toBe(Code.forbidden);
    expect((await t.call(api.jsp.sendSms, { purpose: 'payPwd' }, c)).code).toBe(Code.forbidden);
    expect((await t.call(api.agent.blanceAdd, { agentId: subId, cardType: 0, quantity: 1 }, c)).code).toBe(
      Code.forbidden,
    );
    expect((await t.call(api.jsp.checkPwd, { payPwd: '135790' })).code).toBe(Code.unauthorized);
  });
});
