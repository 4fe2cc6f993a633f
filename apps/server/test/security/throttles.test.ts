import { api, Code, type Endpoint } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { puzzles, smsOutbox } from '../../src/db/schema.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { backends, type Session, startTestApp, type TestApp, useTestApp } from '../harness.ts';

/**
 * What auth.test.ts and the account tests leave open: limits per address, puzzles spent by a failed
 * login or past their life, wrong SMS codes per address, and sessions of a deleted company.
 */
describe.each(backends)('throttles and session ends on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 60_000, closeTimeout: 30_000 });
  beforeEach(() => t.reset(), 30_000);

  const from = async (ip: string, e: Endpoint, params: Record<string, unknown> = {}) => {
    const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]));
    const res = await t.app.inject({ method: e.method, url: `${e.path}?${q}`, remoteAddress: ip });
    return res.json();
  };
  const puzzle = async (ip: string) => {
    const p = await from(ip, api.auth.getImg);
    const [row] = await t.database.db
      .select()
      .from(puzzles)
      .where(eq(puzzles.tokenHash, sha256(p.data.token)));
    return { token: p.data.token as string, x: row.x };
  };
  const login = async (ip: string, username: string, password: string, user_type = 0) => {
    const p = await puzzle(ip);
    expect((await from(ip, api.auth.verifyImageCode, p)).code).toBe(Code.ok);
    return from(ip, api.auth.accessToken, { user_type, username, password, ...p });
  };

  it('blocks an address after thirty failed logins on any accounts, and only that address', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await login('10.1.0.1', `nobody${String(i).padStart(2, '0')}`, 'wrong123');
      expect(res.code).toBe(Code.loginFailed);
    }
    const blocked = await login('10.1.0.1', 'agent01', 'agent123');
    expect([blocked.code, blocked.msg.en]).toEqual([
      Code.tooMany,
      'Too many attempts, please try again later',
    ]);
    expect((await login('10.1.0.2', 'agent01', 'agent123')).code).toBe(Code.ok);
  }, 60_000);

  it('counts by the connection, not by an X-Forwarded-For the caller makes up (no proxy trusted)', async () => {
    for (let i = 0; i < 121; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: api.auth.getImg.path,
        remoteAddress: '10.6.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.json().code).toBe(i < 120 ? Code.ok : Code.tooMany);
    }
  }, 60_000);

  it('hands one address 120 puzzles a minute', async () => {
    for (let i = 0; i < 120; i++) expect((await from('10.2.0.1', api.auth.getImg)).code).toBe(Code.ok);
    expect((await from('10.2.0.1', api.auth.getImg)).code).toBe(Code.tooMany);
    expect((await from('10.2.0.2', api.auth.getImg)).code).toBe(Code.ok);
  }, 60_000);

  it('spends a verified puzzle on a failed login, so the next try needs a new slide', async () => {
    const p = await puzzle('10.3.0.1');
    expect((await from('10.3.0.1', api.auth.verifyImageCode, p)).code).toBe(Code.ok);
    const wrong = await from('10.3.0.1', api.auth.accessToken, {
      user_type: 0,
      username: 'agent01',
      password: 'wrong123',
      ...p,
    });
    expect(wrong.code).toBe(Code.loginFailed);
    const again = await from('10.3.0.1', api.auth.accessToken, {
      user_type: 0,
      username: 'agent01',
      password: 'agent123',
      ...p,
    });
    expect(again.msg.en).toBe('Please complete the slider verification');
  }, 30_000);

  it('refuses a puzzle past its life, and a login whose slide was never verified on that token', async () => {
    const p = await puzzle('10.4.0.1');
    await t.database.db
      .update(puzzles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(puzzles.tokenHash, sha256(p.token)));
    expect((await from('10.4.0.1', api.auth.verifyImageCode, p)).code).toBe(Code.invalid);
    const other = await puzzle('10.4.0.1');
    expect((await from('10.4.0.1', api.auth.verifyImageCode, other)).code).toBe(Code.ok);
    // A verified token does not open a login for a token that was not.
    const fresh = await puzzle('10.4.0.1');
    const res = await from('10.4.0.1', api.auth.accessToken, {
      user_type: 0,
      username: 'agent01',
      password: 'agent123',
      ...fresh,
    });
    expect(res.msg.en).toBe('Please complete the slider verification');
  }, 30_000);

  it('stops guessing SMS codes from an address after thirty wrong ones, even with the right code', async () => {
    const sent = await from('10.5.0.1', api.jsp.sendSms, {
      purpose: 'resetPwd',
      role: 0,
      account: 'agent01',
      phone: '85291234567',
    });
    expect(sent.code).toBe(Code.ok);
    const [row] = await t.database.db.select().from(smsOutbox);
    const code = (row.text.match(/\b\d{4}\b/) as RegExpMatchArray)[0];
    // Thirty guesses at accounts that have no code: each one is a wrong code from this address.
    for (let i = 0; i < 30; i++) {
      const res = await from('10.5.0.2', api.jsp.verificationCode, {
        purpose: 'resetPwd',
        role: 0,
        account: `guess${i}x`,
        code: String(1000 + i),
      });
      expect(res.msg.en).toBe('Verification code error!');
    }
    const right = { purpose: 'resetPwd', role: 0, account: 'agent01', code };
    expect((await from('10.5.0.2', api.jsp.verificationCode, right)).code).toBe(Code.tooMany);
    expect((await from('10.5.0.1', api.jsp.verificationCode, right)).code).toBe(Code.ok);
  }, 60_000);

  it('ends the sessions of a company when its agent deletes it', async () => {
    const top = await t.login(0, 'agent01', 'agent123');
    const add = await t.call(
      api.org.add,
      { name: 'ShortLived', contact: 'Sam', account: 'shortlived', password: 'company123' },
      top,
    );
    const s: Session = await t.login(1, 'shortlived', 'company123');
    expect((await t.call(api.profile.org, {}, s)).code).toBe(Code.ok);
    expect((await t.call(api.org.deletingUnit, { id: add.data.id }, top)).code).toBe(Code.ok);
    expect((await t.call(api.profile.org, {}, s)).code).toBe(Code.unauthorized);
    expect((await t.call(api.terminal.list, {}, s)).code).toBe(Code.unauthorized);
  }, 30_000);
});

describe.each(backends)('the client address behind the shipped proxy on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // As deploy/nginx runs: nginx on the same machine appends the address it saw to X-Forwarded-For.
    t = await startTestApp(backend, { TRUST_PROXY: 'true' });
  }, 60_000);
  afterAll(() => t.close(), 30_000);

  const puzzle = (forwarded: string) =>
    t.app
      .inject({
        method: 'GET',
        url: api.auth.getImg.path,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwarded },
      })
      .then((res) => res.json().code);

  it('counts a client by the address nginx saw, not by an X-Forwarded-For it forged', async () => {
    for (let i = 0; i < 120; i++) expect(await puzzle(`203.0.113.${i}, 198.51.100.7`)).toBe(Code.ok);
    expect(await puzzle('203.0.113.200, 198.51.100.7')).toBe(Code.tooMany);
    expect(await puzzle('198.51.100.8')).toBe(Code.ok);
  }, 60_000);

  it('takes no text for an address: a hop that is none counts as the connection', async () => {
    for (let i = 0; i < 120; i++) expect(await puzzle(`=cmd|' /C calc'!A${i}, 127.0.0.1`)).toBe(Code.ok);
    expect(await puzzle('x'.repeat(2000))).toBe(Code.tooMany);
  }, 60_000);
});
