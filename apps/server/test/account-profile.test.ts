import { api, Code, type Endpoint } from '@ptt/contract';
import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { agents, feedback, orgs } from '../src/db/schema.ts';
import { verifyPassword } from '../src/lib/crypto.ts';
import { latest } from '../src/modules/feedback/service.ts';
import { agentPhone, codeFor, expectMsg, forgetResend, wrongCode } from './account-support.ts';
import { backends, type Session, useTestApp } from './harness.ts';

describe.each(backends)('profile edits, feedback and hostile input on %s', (backend) => {
  const { t } = useTestApp(backend);
  let agent: Session;
  let company: Session;
  beforeEach(async () => {
    await t.reset();
    agent = await t.login(0, 'agent01', 'agent123');
    company = await t.login(1, 'company01', 'company123');
  });

  it('updates the signed-in account’s own area, contact, address and email, for both roles', async () => {
    for (const s of [agent, company]) {
      expect((await t.call(api.profile.area, { area: 'Kowloon' }, s)).code).toBe(Code.ok);
      expect((await t.call(api.profile.contact, { contact: '陳大文' }, s)).code).toBe(Code.ok);
      expect((await t.call(api.profile.address, { address: '1 Nathan Road' }, s)).code).toBe(Code.ok);
      expect((await t.call(api.profile.email, { email: 'ops@example.com' }, s)).code).toBe(Code.ok);
    }
    const a = (await t.call(api.profile.agent, {}, agent)).data;
    const o = (await t.call(api.profile.org, {}, company)).data;
    for (const p of [a, o]) {
      expect(p).toMatchObject({
        area: 'Kowloon',
        contact: '陳大文',
        address: '1 Nathan Road',
        email: 'ops@example.com',
      });
    }
    // Only the caller's row changed.
    const [sub] = await t.database.db.select().from(agents).where(eq(agents.account, 'subagent01'));
    expect([sub.area, sub.email]).toEqual(['', '']);
  });

  it('checks the profile rules', async () => {
    expectMsg(
      await t.call(api.profile.contact, { contact: 'A' }, agent),
      Code.invalid,
      'Contact name: 2-10 characters',
    );
    expectMsg(
      await t.call(api.profile.contact, { contact: 'A'.repeat(11) }, company),
      Code.invalid,
      'Contact name: 2-10 characters',
    );
    expectMsg(
      await t.call(api.profile.email, { email: 'not-an-email' }, agent),
      Code.invalid,
      'Please enter a correct email address',
    );
    expectMsg(
      await t.call(api.profile.area, { area: 'x'.repeat(51) }, agent),
      Code.invalid,
      'Invalid parameters',
    );
    expectMsg(
      await t.call(api.profile.address, { address: 'x'.repeat(101) }, agent),
      Code.invalid,
      'Invalid parameters',
    );
    expect((await t.call(api.profile.area, { area: 'Kowloon' })).code).toBe(Code.unauthorized);
  });

  it('binds a new mobile number only with a code sent to that number', async () => {
    const newPhone = '85260001234';
    expectMsg(
      await t.call(api.profile.mobile, { mobile: newPhone }, company),
      Code.invalid,
      'Please enter correct verify code!',
    );
    expectMsg(
      await t.call(api.profile.mobile, { mobile: '12', code: '1234' }, company),
      Code.invalid,
      'Please enter a correct mobile number',
    );
    const code = await codeFor(t, { purpose: 'bindPhone', phone: newPhone }, newPhone, company);
    expect(
      (await t.call(api.jsp.verificationCode, { purpose: 'bindPhone', phone: newPhone, code }, company)).code,
    ).toBe(Code.ok);
    // The code is for this number and this account only.
    const otherNumber = await t.call(api.profile.mobile, { mobile: '85260009999', code }, company);
    expectMsg(otherNumber, Code.invalid, 'Verification code error!');
    const otherAccount = await t.call(api.profile.mobile, { mobile: newPhone, code }, agent);
    expectMsg(otherAccount, Code.invalid, 'Verification code error!');
    const wrong = await t.call(api.profile.mobile, { mobile: newPhone, code: wrongCode(code) }, company);
    expectMsg(wrong, Code.invalid, 'Verification code error!');

    expect((await t.call(api.profile.mobile, { mobile: newPhone, code }, company)).code).toBe(Code.ok);
    expect((await t.call(api.profile.org, {}, company)).data.phone).toBe(newPhone);
    // The forgotten-password code now goes to the new number.
    await forgetResend(t);
    await codeFor(t, { purpose: 'resetPwd', role: 1, account: 'company01', phone: newPhone }, newPhone);
    expect((await t.call(api.jsp.sendSms, { purpose: 'bindPhone', phone: newPhone })).code).toBe(
      Code.unauthorized,
    );
  });

  it('stores feedback with its sender and shows it to the operator', async () => {
    const res = await t.call(
      api.feedback.send,
      { content: '  The map is slow  ', contact: 'ops@example.com' },
      agent,
    );
    expect(res.code).toBe(Code.ok);
    expect(res.msg).toEqual({ en: 'Thank you for your feedback', cn: '感谢您的反馈', cn2: '感謝您的反饋' });
    expect((await t.call(api.feedback.send, { content: '中文意見', contact: '' }, company)).code).toBe(
      Code.ok,
    );
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, res.data.id));
    expect(row).toMatchObject({ role: 0, content: 'The map is slow', contact: 'ops@example.com' });

    const list = await latest(t.database.db, 10);
    expect(list.map((f) => [f.role, f.account, f.name, f.content, f.contact])).toEqual([
      [1, 'company01', 'Demo_Company', '中文意見', ''],
      [0, 'agent01', 'Demo_Agent', 'The map is slow', 'ops@example.com'],
    ]);
    const [org] = await t.database.db.select().from(orgs).where(eq(orgs.account, 'company01'));
    expect(list[0].subjectId).toBe(org.id);
  });

  it('checks the feedback rules', async () => {
    const content = 'x'.repeat(500);
    expect((await t.call(api.feedback.send, { content }, agent)).code).toBe(Code.ok);
    for (const bad of ['', '   ', `${content}x`]) {
      expectMsg(
        await t.call(api.feedback.send, { content: bad }, agent),
        Code.invalid,
        'Feedback: 1-500 characters',
      );
    }
    expectMsg(await t.call(api.feedback.send, {}, agent), Code.invalid, 'Feedback: 1-500 characters');
    expectMsg(
      await t.call(api.feedback.send, { content: 'hi', contact: 'c'.repeat(51) }, agent),
      Code.invalid,
      'Contact: up to 50 characters',
    );
    expect((await t.call(api.feedback.send, { content: 'hi' })).code).toBe(Code.unauthorized);
    const rows = await t.database.db.select().from(feedback).orderBy(desc(feedback.id));
    expect(rows).toHaveLength(1);
  });

  it('throttles feedback from one account', async () => {
    for (let i = 0; i < 20; i++)
      expect((await t.call(api.feedback.send, { content: `n${i}` }, company)).code).toBe(Code.ok);
    expect((await t.call(api.feedback.send, { content: 'one more' }, company)).code).toBe(Code.tooMany);
    expect((await t.call(api.feedback.send, { content: 'from someone else' }, agent)).code).toBe(Code.ok);
  });

  const hostile: string[] = [
    '',
    ' ',
    'x'.repeat(5000),
    '\u0000',
    '1234\u0000',
    "'; drop table agents; --",
    '%',
    '_',
    '__proto__',
    'constructor',
    '-1',
    '1e309',
    'NaN',
    '𠜎'.repeat(300),
    '<script>alert(1)</script>',
  ];
  /** Valid parameters of each call; each value in turn is replaced by every hostile one. */
  const calls: [Endpoint, Record<string, string>, 'agent' | 'company' | 'none'][] = [
    [
      api.jsp.sendSms,
      { purpose: 'resetPwd', role: '0', account: 'agent01', phone: agentPhone, lang: 'en' },
      'none',
    ],
    [api.jsp.sendSms, { purpose: 'bindPhone', phone: '85260001234' }, 'company'],
    [
      api.jsp.verificationCode,
      { purpose: 'resetPwd', role: '1', account: 'company01', code: '1234' },
      'none',
    ],
    [api.jsp.updateCardPwd, { cardPwd: '123456', confirmCardPwd: '123456', code: '1234' }, 'agent'],
    [api.jsp.checkPwd, { payPwd: '123456' }, 'agent'],
    [
      api.jsp.setPhoneAndPwd,
      { role: '0', account: 'agent01', code: '1234', newPassword: 'abc123', confirmPassword: 'abc123' },
      'none',
    ],
    [api.feedback.send, { content: 'hello', contact: 'me' }, 'company'],
    [
      api.profile.password,
      { oldPassword: 'nope12', newPassword: 'abc123', confirmPassword: 'abc123' },
      'agent',
    ],
    [api.profile.area, { area: 'here' }, 'company'],
    [api.profile.contact, { contact: 'Someone' }, 'agent'],
    [api.profile.address, { address: 'there' }, 'company'],
    [api.profile.email, { email: 'a@b.co' }, 'agent'],
    [api.profile.mobile, { mobile: '85260001234', code: '1234' }, 'company'],
  ];

  it('never answers a 5xx or an internal error to hostile input', async () => {
    const seen = new Set<number>();
    for (const [e, valid, who] of calls) {
      const session = who === 'agent' ? agent : who === 'company' ? company : undefined;
      for (const key of Object.keys(valid)) {
        const variants = [...hostile.map((h) => ({ ...valid, [key]: h })), { ...valid, [key]: undefined }];
        for (const params of variants) {
          const q = new URLSearchParams();
          for (const [k, v] of Object.entries({ ...params, ...session })) if (v !== undefined) q.append(k, v);
          const res = await t.app.inject({ method: e.method, url: `${e.path}?${q}` });
          expect(res.statusCode, `${e.path} ${key}=${JSON.stringify(params[key])}`).toBe(200);
          const body = res.json();
          expect(body.code, `${e.path} ${key}=${String(JSON.stringify(params[key])).slice(0, 40)}`).not.toBe(
            Code.internal,
          );
          seen.add(body.code);
        }
        // The same key twice (?k=a&k=b) arrives as an array.
        const q = new URLSearchParams({ ...valid, ...session });
        q.append(key, valid[key]);
        const res = await t.app.inject({ method: e.method, url: `${e.path}?${q}` });
        expect(res.statusCode).toBe(200);
        expect(res.json().code, `${e.path} ${key} twice`).not.toBe(Code.internal);
      }
    }
    expect(seen.has(Code.invalid)).toBe(true);
    // Nothing above changed a password (wrong old passwords did lock agent01's logins for a while).
    const [me] = await t.database.db.select().from(agents).where(eq(agents.account, 'agent01'));
    expect(await verifyPassword(me.passwordHash, 'agent123')).toBe(true);
    expect(me.payPwdHash).toBeNull();
  });
});
