import { api, Code, type Endpoint, type Envelope } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { agents, puzzles } from '../../src/db/schema.ts';
import { hashPassword, sha256 } from '../../src/lib/crypto.ts';
import * as terminalService from '../../src/modules/terminal/service.ts';
import { agentPhone, outboxCode } from '../account-support.ts';
import { demoSsid } from '../device-support.ts';
import { backends, useTestApp } from '../harness.ts';

/**
 * Bursts of parallel guesses at a secret: however many arrive together, no more than the limit's number
 * are verified, and the right secret arriving after the limit is refused like the wrong ones.
 */
describe.each(backends)('throttles under bursts on %s', (backend) => {
  const { t } = useTestApp(backend, { timeout: 60_000, closeTimeout: 30_000 });
  beforeEach(() => t.reset(), 30_000);

  const send = async (e: Endpoint, params: Record<string, unknown>, ip: string): Promise<Envelope<unknown>> =>
    (await t.app.inject({ method: e.method, url: `${e.path}?${q(params)}`, remoteAddress: ip })).json();
  const q = (params: Record<string, unknown>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]));
  const tally = (answers: Envelope<unknown>[]) => {
    const by = new Map<number, number>();
    for (const a of answers) by.set(a.code, (by.get(a.code) ?? 0) + 1);
    return by;
  };

  /** A verified puzzle, ready to open one login attempt. */
  const verifiedPuzzle = async (ip: string) => {
    const p = (await t.app.inject({ method: 'GET', url: api.auth.getImg.path, remoteAddress: ip })).json();
    const [row] = await t.database.db
      .select()
      .from(puzzles)
      .where(eq(puzzles.tokenHash, sha256(p.data.token)));
    const v = await send(api.auth.verifyImageCode, { token: p.data.token, x: row.x }, ip);
    expect(v.code).toBe(Code.ok);
    return { token: p.data.token as string, x: row.x };
  };

  it('verifies at most five of sixty parallel logins to one account, and not the right one at 45', async () => {
    const tries = [];
    for (let i = 0; i < 60; i++) tries.push(await verifiedPuzzle(`10.20.${i}.1`));
    const answers = await Promise.all(
      tries.map((p, i) =>
        send(
          api.auth.accessToken,
          { user_type: 0, username: 'agent01', password: i === 45 ? 'agent123' : `wrong${i}x`, ...p },
          `10.20.${i}.1`,
        ),
      ),
    );
    const codes = tally(answers);
    expect(codes.get(Code.loginFailed)).toBeLessThanOrEqual(5);
    expect(answers[45].code).toBe(Code.tooMany);
    expect(codes.get(Code.ok)).toBeUndefined();
  }, 120_000);

  it('verifies at most thirty of sixty parallel logins from one address', async () => {
    const tries = [];
    for (let i = 0; i < 60; i++) tries.push(await verifiedPuzzle('10.21.0.1'));
    const answers = await Promise.all(
      tries.map((p, i) =>
        send(
          api.auth.accessToken,
          { user_type: 0, username: `nobody${i}x`, password: 'wrong123', ...p },
          '10.21.0.1',
        ),
      ),
    );
    const codes = tally(answers);
    expect(codes.get(Code.loginFailed)).toBe(30);
    expect(codes.get(Code.tooMany)).toBe(30);
  }, 120_000);

  it('checks at most five of 300 parallel device logins to one SSID', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        send(
          api.device.login,
          { ssid: demoSsid(1), password: String(100000 + i) },
          `10.22.${i % 250}.${1 + Math.floor(i / 250)}`,
        ),
      ),
    );
    const codes = tally(answers);
    expect(codes.get(Code.loginFailed)).toBeLessThanOrEqual(5);
    expect(codes.get(Code.tooMany)).toBeGreaterThanOrEqual(295);
  }, 120_000);

  it('refuses the right intercom password at 45 of a burst of sixty wrong ones', async () => {
    const terminal = await terminalService.findBySsid(t.database.db, demoSsid(2));
    await terminalService.setIntercomPassword(t.database.db, terminal?.id as number, '654321');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        send(
          api.device.login,
          { ssid: demoSsid(2), password: i === 45 ? '654321' : String(200000 + i) },
          `10.23.${i}.1`,
        ),
      ),
    );
    expect(answers[45].code).toBe(Code.tooMany);
    expect(tally(answers).get(Code.loginFailed)).toBeLessThanOrEqual(5);
  }, 120_000);

  const withPayPwd = async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    await t.database.db
      .update(agents)
      .set({ payPwdHash: await hashPassword('135790') })
      .where(eq(agents.account, 'agent01'));
    return s;
  };

  it('checks at most five of forty parallel wrong pay passwords, and not the right one after them', async () => {
    const s = await withPayPwd();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(api.jsp.checkPwd, { ...s, payPwd: i === 30 ? '135790' : String(300000 + i) }, '10.24.0.1'),
      ),
    );
    const codes = tally(answers);
    expect(codes.get(Code.rule)).toBeLessThanOrEqual(5);
    expect(answers[30].code).toBe(Code.tooMany);
  }, 120_000);

  it('checks at most five pay passwords of forty parallel sales', async () => {
    const s = await withPayPwd();
    const [sub] = await t.database.db.select().from(agents).where(eq(agents.account, 'subagent01'));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(
          api.agent.blanceAdd,
          { ...s, agentId: sub.id, cardType: 0, quantity: 1, payPwd: String(400000 + i) },
          '10.25.0.1',
        ),
      ),
    );
    expect(tally(answers).get(Code.rule)).toBeLessThanOrEqual(5);
    expect(tally(answers).get(Code.tooMany)).toBeGreaterThanOrEqual(35);
  }, 120_000);

  it('checks at most five of forty parallel wrong SMS codes, and not the right one after them', async () => {
    const params = { purpose: 'resetPwd', role: 0, account: 'agent01' };
    expect((await send(api.jsp.sendSms, { ...params, phone: agentPhone }, '10.26.0.1')).code).toBe(Code.ok);
    const code = await outboxCode(t, agentPhone);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(api.jsp.verificationCode, { ...params, code: i === 30 ? code : wrong(i) }, `10.26.${i}.2`),
      ),
    );
    const errors = answers.filter((a) => a.msg.en === 'Verification code error!');
    expect(errors.length).toBeLessThanOrEqual(5);
    expect(answers[30].code).not.toBe(Code.ok);
  }, 120_000);

  it('verifies at most five of sixty parallel wrong old passwords on a password change', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        send(
          api.profile.password,
          { ...s, oldPassword: `wrong${i}x`, newPassword: 'newpass123', confirmPassword: 'newpass123' },
          '10.27.0.1',
        ),
      ),
    );
    const codes = tally(answers);
    expect(codes.get(Code.invalid)).toBeLessThanOrEqual(5);
    expect(codes.get(Code.tooMany)).toBeGreaterThanOrEqual(55);
  }, 120_000);
});
