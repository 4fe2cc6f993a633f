import { api, Code } from '@ptt/contract';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from './harness.ts';

describe.each(backends)('home data on %s', (backend) => {
  const { t } = useTestApp(backend);

  it('counts a top-level agent’s whole subtree', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    const res = await t.call(api.profile.faststats, {}, s);
    expect(res.data).toEqual({ agent_count: 1, org_count: 1, group_count: 2, user_count: 6 });
  });

  it('does not show a sub-agent its parent’s counts', async () => {
    const s = await t.login(0, 'subagent01', 'agent123');
    const res = await t.call(api.profile.faststats, {}, s);
    expect(res.data).toEqual({ agent_count: 0, org_count: 0, group_count: 0, user_count: 0 });
  });

  it('counts a company’s own groups and users', async () => {
    const s = await t.login(1, 'company01', 'company123');
    const res = await t.call(api.profile.faststats, {}, s);
    expect(res.data).toEqual({ agent_count: 0, org_count: 0, group_count: 2, user_count: 6 });
  });

  it('gives balances after the demo sales and terminal creation', async () => {
    const top = await t.call(api.profile.agent, {}, await t.login(0, 'agent01', 'agent123'));
    expect(top.data.path).toHaveLength(4);
    expect(top.data.blance).toBe(1000 - 50 - 6);
    expect(top.data.super_card).toBe(1000);
    const sub = await t.call(api.profile.agent, {}, await t.login(0, 'subagent01', 'agent123'));
    expect(sub.data.path).toHaveLength(8);
    expect(sub.data.path.startsWith(top.data.path)).toBe(true);
    expect([sub.data.blance, sub.data.recording_card, sub.data.sos_card, sub.data.super_card]).toEqual([
      50, 20, 10, 0,
    ]);
  });

  it('returns the card switch with video and VIP hidden for the demo sub-agent', async () => {
    const sub = await t.call(api.agent.queryCardSwitch, {}, await t.login(0, 'subagent01', 'agent123'));
    expect(sub.data).toMatchObject({ blance: 1, recording_card: 1, video_card: 0, super_card: 0 });
    const top = await t.call(api.agent.queryCardSwitch, {}, await t.login(0, 'agent01', 'agent123'));
    expect(Object.values(top.data).filter((v) => v === 1)).toHaveLength(8);
  });

  it('counts unread deal notices: one per sale to the sub-agent', async () => {
    const sub = await t.call(api.notice.newUnreadCount, {}, await t.login(0, 'subagent01', 'agent123'));
    expect(sub.data).toBe(4);
  });

  it('returns the first-time bulletin until the agent opens it, per agent', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    const first = await t.call(api.notice.getFirstBulletin, { isNewBulletin: '1' }, s);
    expect(first.data?.title).toBe('Welcome to PTT Console');
    // Dismissed unread (asked for, never opened), it comes back.
    expect((await t.call(api.notice.getFirstBulletin, {}, s)).data?.id).toBe(first.data?.id);
    const opened = await t.call(api.notice.getBulletin, { noticeDetail: first.data?.id }, s);
    expect(opened.data.list[0].title).toBe('Welcome to PTT Console');
    expect((await t.call(api.notice.getFirstBulletin, {}, s)).data).toBeNull();
    // The list of bulletins opens none of them.
    expect((await t.call(api.notice.getBulletin, {}, s)).data.total).toBe(1);
    const other = await t.login(0, 'subagent01', 'agent123');
    expect((await t.call(api.notice.getFirstBulletin, {}, other)).data?.title).toBe('Welcome to PTT Console');
  });

  it('counts unprocessed SOS in scope', async () => {
    const count = async (role: 0 | 1, user: string, pw: string) =>
      (await t.call(api.sos.untreatedSOSCount, {}, await t.login(role, user, pw))).data;
    expect(await count(1, 'company01', 'company123')).toBe(1);
    expect(await count(0, 'agent01', 'agent123')).toBe(1);
    expect(await count(0, 'subagent01', 'agent123')).toBe(0);
  });
});

describe('transport', () => {
  const { t } = useTestApp('pglite');

  it('answers an unknown API path with a coded envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing/here' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: Code.notFound, msg: { en: 'The record does not exist' } });
  });

  it('accepts POST payloads as a form body as well as in the query', async () => {
    const s = await t.login(0, 'agent01', 'agent123');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sos/untreatedSOSCount',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...s }).toString(),
    });
    expect(res.json()).toMatchObject({ code: Code.ok, data: 1 });
  });

  it('sets no-store and no-referrer on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/getAppInfo' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers malformed input with a validation code, never a 5xx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/verifyImageCode?token=abc&x=not-a-number',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(Code.invalid);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/sos/untreatedSOSCount',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().code).toBe(Code.invalid);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json();
    expect(doc.paths['/v1/auth/access_token'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'username',
    );
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
  });
});
