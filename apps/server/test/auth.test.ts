import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { puzzles, sessions } from '../src/db/schema.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { backends, useTestApp } from './harness.ts';

describe.each(backends)('login flow on %s', (backend) => {
  const { t } = useTestApp(backend);
  beforeEach(() => t.reset());

  const puzzle = async () => {
    const p = await t.call(api.auth.getImg);
    const [row] = await t.database.db
      .select()
      .from(puzzles)
      .where(eq(puzzles.tokenHash, sha256(p.data.token)));
    return { token: p.data.token, x: row.x, data: p.data };
  };
  const verified = async () => {
    const p = await puzzle();
    expect((await t.call(api.auth.verifyImageCode, { token: p.token, x: p.x })).code).toBe(Code.ok);
    return p;
  };
  const login = (p: { token: string; x: number }, username: string, password: string, user_type = 0) =>
    t.call(api.auth.accessToken, { user_type, username, password, token: p.token, x: p.x });

  it('serves the branding with an app id', async () => {
    const res = await t.call(api.auth.getAppInfo, { type: 'web' });
    expect(res.code).toBe(Code.ok);
    expect(res.data.title).toBe('PTT Console');
    expect(res.data.appid).toMatch(/^ptt-web-/);
  });

  it('hands out a 320×160 puzzle with its piece, y and a token', async () => {
    const { data } = await puzzle();
    expect(data.bigImg).toMatch(/^data:image\/png;base64,/);
    expect(data.SmallImg).toMatch(/^data:image\/png;base64,/);
    expect(data.y).toBeGreaterThanOrEqual(0);
    expect(data.y).toBeLessThan(160);
    expect(data.token.length).toBeGreaterThan(20);
  });

  it('logs an agent in after a verified slide and answers in three languages', async () => {
    const p = await puzzle();
    const v = await t.call(api.auth.verifyImageCode, { token: p.token, x: p.x + 2 });
    expect(v.code).toBe(Code.ok);
    expect(v.msg).toEqual({ en: 'Verification is successful', cn: '验证成功', cn2: '驗證成功' });
    const res = await login(p, 'agent01', 'agent123');
    expect(res.code).toBe(Code.ok);
    expect(res.data.role).toBe(0);
    const me = await t.call(api.profile.agent, {}, res.data);
    expect(me.data.name).toBe('Demo_Agent');
  });

  it('logs a company in with role 1', async () => {
    const res = await login(await verified(), 'company01', 'company123', 1);
    expect(res.code).toBe(Code.ok);
    expect((await t.call(api.profile.org, {}, res.data)).data.corg_name).toBe('Demo_Company');
  });

  it('rejects a wrong slide and spends the puzzle', async () => {
    const p = await puzzle();
    const wrong = await t.call(api.auth.verifyImageCode, { token: p.token, x: p.x + 30 });
    expect(wrong.code).toBe(Code.invalid);
    expect(wrong.msg.en).toBe('Verification error, please try again');
    const again = await t.call(api.auth.verifyImageCode, { token: p.token, x: p.x });
    expect(again.msg.en).toBe('Verification error, please try again');
  });

  it('refuses a login with an unverified puzzle', async () => {
    const res = await login(await puzzle(), 'agent01', 'agent123');
    expect(res.code).toBe(Code.invalid);
    expect(res.msg.en).toBe('Please complete the slider verification');
  });

  it('refuses a replayed puzzle token', async () => {
    const p = await verified();
    expect((await login(p, 'agent01', 'agent123')).code).toBe(Code.ok);
    const replay = await login(p, 'agent01', 'agent123');
    expect(replay.msg.en).toBe('Please complete the slider verification');
  });

  it('refuses a verified puzzle re-verified', async () => {
    const p = await verified();
    expect((await t.call(api.auth.verifyImageCode, { token: p.token, x: p.x })).code).toBe(Code.invalid);
  });

  it('says which of account and password is wrong', async () => {
    const none = await login(await verified(), 'nobody99', 'agent123');
    expect([none.code, none.msg.en]).toEqual([Code.loginFailed, 'Account does not exist']);
    const wrong = await login(await verified(), 'agent01', 'wrong123');
    expect([wrong.code, wrong.msg.en, wrong.msg.cn2]).toEqual([
      Code.loginFailed,
      'Password error',
      '密碼錯誤',
    ]);
    const role = await login(await verified(), 'agent01', 'agent123', 1);
    expect(role.msg.en).toBe('Account does not exist');
  });

  it('refuses empty credentials before anything else', async () => {
    const res = await t.call(api.auth.accessToken, {
      user_type: 0,
      username: '',
      password: 'x',
      token: 'a',
      x: 1,
    });
    expect(res.msg.en).toBe('Account or password cannot be empty');
    const res2 = await t.call(api.auth.accessToken, { user_type: 0, username: 'agent01', token: 'a', x: 1 });
    expect(res2.msg.en).toBe('Account or password cannot be empty');
  });

  it('throttles an account after five failed passwords, even with the right one', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(await verified(), 'agent01', 'wrong123')).msg.en).toBe('Password error');
    }
    const blocked = await login(await verified(), 'agent01', 'agent123');
    expect([blocked.code, blocked.msg.en]).toEqual([
      Code.tooMany,
      'Too many attempts, please try again later',
    ]);
    // Another account from elsewhere is not affected.
    expect((await login(await verified(), 'subagent01', 'agent123')).code).toBe(Code.ok);
  });

  it('answers 40102 to a forged, an expired, a revoked or a mismatched session', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    expect((await t.call(api.profile.faststats, {}, s)).code).toBe(Code.ok);
    expect((await t.call(api.profile.faststats, {}, { ...s, access_token: 'x'.repeat(43) })).code).toBe(
      Code.unauthorized,
    );
    expect((await t.call(api.profile.faststats, {})).code).toBe(Code.unauthorized);
    expect((await t.call(api.profile.faststats, {}, { ...s, openid: 'someone-else' })).code).toBe(
      Code.unauthorized,
    );

    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(s.access_token)));
    // Written behind the server's back, the change reaches its session cache by notification.
    await vi.waitFor(
      async () => expect((await t.call(api.profile.faststats, {}, s)).code).toBe(Code.unauthorized),
      { timeout: 2000, interval: 20 },
    );

    const s2 = await t.login(0, 'agent01', 'agent123');
    expect((await t.call(api.auth.logout, {}, s2)).code).toBe(Code.ok);
    expect((await t.call(api.profile.faststats, {}, s2)).code).toBe(Code.unauthorized);
  });

  it('keeps agents-only calls from companies and companies-only calls from agents', async () => {
    const org = await t.login(1, 'company01', 'company123');
    const agent = await t.login(0, 'agent01', 'agent123');
    expect((await t.call(api.profile.agent, {}, org)).code).toBe(Code.forbidden);
    expect((await t.call(api.agent.queryCardSwitch, {}, org)).code).toBe(Code.forbidden);
    expect((await t.call(api.notice.newUnreadCount, {}, org)).code).toBe(Code.forbidden);
    expect((await t.call(api.profile.org, {}, agent)).code).toBe(Code.forbidden);
  });
});
