import { api, Code } from '@ptt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  httpCall,
  httpLogin,
  needsPostgres,
  type ServerProcess,
  solvedPuzzle,
  startServer,
} from './server-process.ts';

describe.skipIf(needsPostgres)('two server processes on one PostgreSQL act as one', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    db = await createDatabase('instances');
    a = await startServer(db.url);
    b = await startServer(db.url);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  }, 30_000);

  it('verifies on one a puzzle fetched on the other, and spends it for both', async () => {
    const p = await solvedPuzzle(a.url, db.pool);
    expect((await httpCall(b.url, api.auth.verifyImageCode, p)).code).toBe(Code.ok);
    const creds = { user_type: 0, username: 'agent01', password: 'agent123', ...p };
    expect((await httpCall(a.url, api.auth.accessToken, creds)).code).toBe(Code.ok);
    const replay = await httpCall(b.url, api.auth.accessToken, creds);
    expect(replay.msg.en).toBe('Please complete the slider verification');
  }, 30_000);

  it('accepts on one a session issued by the other, and ends it on both', async () => {
    const s = await httpLogin(b.url, db.pool, 1, 'company01', 'company123');
    expect((await httpCall(a.url, api.profile.org, {}, s)).data.corg_name).toBe('Demo_Company');
    expect((await httpCall(a.url, api.auth.logout, {}, s)).code).toBe(Code.ok);
    expect((await httpCall(b.url, api.profile.org, {}, s)).code).toBe(Code.unauthorized);
  }, 30_000);

  it('refuses on the other the very next request after a logout on one, every time', async () => {
    let refused = 0;
    for (let i = 0; i < 50; i++) {
      const s = await httpLogin(a.url, db.pool, 0, 'agent01', 'agent123');
      // The other instance has just answered for this session, so one that kept it would answer again.
      expect((await httpCall(b.url, api.profile.faststats, {}, s)).code).toBe(Code.ok);
      expect((await httpCall(a.url, api.auth.logout, {}, s)).code).toBe(Code.ok);
      if ((await httpCall(b.url, api.profile.faststats, {}, s)).code === Code.unauthorized) refused++;
    }
    expect(refused).toBe(50);
  }, 120_000);

  it('ends on one the sessions a password change on the other ends', async () => {
    const keep = await httpLogin(a.url, db.pool, 0, 'subagent01', 'agent123');
    const other = await httpLogin(b.url, db.pool, 0, 'subagent01', 'agent123');
    const change = { oldPassword: 'agent123', newPassword: 'agent456', confirmPassword: 'agent456' };
    expect((await httpCall(a.url, api.profile.password, change, keep)).code).toBe(Code.ok);
    expect((await httpCall(b.url, api.profile.agent, {}, other)).code).toBe(Code.unauthorized);
    expect((await httpCall(b.url, api.profile.agent, {}, keep)).code).toBe(Code.ok);
  }, 30_000);

  it('counts failed logins across both: the sixth on either is refused', async () => {
    for (let i = 0; i < 5; i++) {
      const on = i % 2 === 0 ? a : b;
      const p = await solvedPuzzle(on.url, db.pool);
      await httpCall(on.url, api.auth.verifyImageCode, p);
      const res = await httpCall(on.url, api.auth.accessToken, {
        user_type: 1,
        username: 'company01',
        password: 'wrong123',
        ...p,
      });
      expect(res.msg.en).toBe('Password error');
    }
    for (const on of [a, b]) {
      const p = await solvedPuzzle(on.url, db.pool);
      await httpCall(on.url, api.auth.verifyImageCode, p);
      const res = await httpCall(on.url, api.auth.accessToken, {
        user_type: 1,
        username: 'company01',
        password: 'company123',
        ...p,
      });
      expect(res.code).toBe(Code.tooMany);
    }
  }, 30_000);

  it('checks on one an SMS code sent through the other, and limits its resend on both', async () => {
    const target = { purpose: 'resetPwd', role: 0, account: 'agent01', phone: '85291234567' };
    expect((await httpCall(a.url, api.jsp.sendSms, target)).code).toBe(Code.ok);
    expect((await httpCall(b.url, api.jsp.sendSms, target)).code).toBe(Code.tooMany);
    const { rows } = await db.pool.query('select text from sms_outbox order by id desc limit 1');
    const code = (rows[0].text as string).match(/\b\d{4}\b/)?.[0];
    const check = { purpose: 'resetPwd', role: 0, account: 'agent01', code };
    expect((await httpCall(b.url, api.jsp.verificationCode, check)).code).toBe(Code.ok);
  }, 30_000);

  it('shows on one a terminal renamed and a company renamed on the other', async () => {
    const agent = await httpLogin(a.url, db.pool, 0, 'agent01', 'agent123');
    const firstRow = async () => (await httpCall(b.url, api.terminal.list, { size: 5 }, agent)).data.list[0];
    const before = await firstRow();
    expect(await firstRow()).toEqual(before);
    const renamed = await httpCall(
      a.url,
      api.terminal.updateUser,
      { id: before.id, name: 'RenamedOnA' },
      agent,
    );
    expect(renamed.code).toBe(Code.ok);
    expect(await firstRow()).toMatchObject({ id: before.id, name: 'RenamedOnA' });
    const org = await httpCall(
      a.url,
      api.org.updateUnit,
      { id: before.org_id, name: 'CompanyOnA', contact: 'Kim' },
      agent,
    );
    expect(org.code).toBe(Code.ok);
    expect(await firstRow()).toMatchObject({ id: before.id, org_name: 'CompanyOnA' });
  }, 30_000);
});
