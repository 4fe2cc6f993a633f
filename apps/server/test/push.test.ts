import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, orgs, pushSent, pushSubscriptions } from '../src/db/schema.ts';
import { readConfig } from '../src/env.ts';
import * as orgService from '../src/modules/org/service.ts';
import { type AlarmEvent, publicKey, sendAlarm } from '../src/modules/push/service.ts';
import { demoSsid, deviceCall, signIn } from './device-support.ts';
import { addOtherTenant, backends, loginAs, type Session, type TestApp } from './harness.ts';
import {
  type BrowserKeys,
  browserKeys,
  checkVapid,
  type PushEndpoint,
  pushOrigin,
  type StubNetwork,
  startPushApp,
  subscribeBrowser,
  vapidSettings,
} from './push-endpoint.ts';

const { vapid, config } = vapidSettings();

describe.each(backends)('Web Push on %s', (backend) => {
  let t: TestApp;
  let push: PushEndpoint;
  let net: StubNetwork;
  let company: Session;
  let top: Session;
  let sub: Session;
  let other: Session;
  let org: { id: number; agentPath: string };
  let subOrg: { id: number; agentPath: string };
  // Far above the ids of the live events the app itself pushes (an SOS raised by a radio below).
  let nextEvent = 1_000_000;

  beforeAll(async () => {
    ({ t, push, net } = await startPushApp(backend, config));
    await addOtherTenant(t);
    const [subAgent] = await t.database.db.select().from(agents).where(eq(agents.account, 'subagent01'));
    const created = await orgService.createOrg(t.database.db, subAgent.id, {
      name: 'Sub_Company',
      account: 'subcompany01',
      password: 'company123',
    });
    subOrg = { id: created.id, agentPath: subAgent.path };
    const [demo] = await t.database.db.select().from(orgs).where(eq(orgs.account, 'company01'));
    org = { id: demo.id, agentPath: demo.agentPath };
    ({ company, top, sub, other } = await loginAs(t, 'company', 'top', 'sub', 'other'));
  });
  afterAll(async () => {
    await Promise.all([t.close(), push.close()]);
  });
  beforeEach(async () => {
    push.deliveries.length = 0;
    push.answer.clear();
    net.posts.length = 0;
    await t.database.db.delete(pushSubscriptions);
  });

  const subscribe = (s: Session, name: string, lang: 'en' | 'cn' | 'cn2' = 'en') =>
    subscribeBrowser(t, s, name, lang);
  const send = (c: typeof config, event: AlarmEvent) => sendAlarm(t.database.db, c, event, net);

  const sos = (o: { id: number; agentPath: string }): AlarmEvent => ({
    id: nextEvent++,
    type: 'sos.raised',
    orgId: o.id,
    agentPath: o.agentPath,
    data: { id: 42, terminal_name: 'Radio1', org_name: 'Demo_Company' },
  });

  const received = (path: string, keys: BrowserKeys) => {
    const found = push.deliveries.filter((d) => d.path === path);
    expect(found).toHaveLength(1);
    const [d] = found;
    checkVapid(d.headers, vapid.publicKey, pushOrigin);
    expect(d.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '3600', urgency: 'high' });
    return JSON.parse(keys.decrypt(d.body)) as Record<string, string>;
  };

  it('gives the VAPID public key, or null without configuration', async () => {
    expect((await t.call(api.push.key, {}, company)).data).toBe(vapid.publicKey);
    expect(publicKey(readConfig({}))).toBeNull();
    expect(() => readConfig({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/set together/);
  });

  it('refuses an endpoint that is not https and keys that are not base64url', async () => {
    const keys = browserKeys();
    for (const bad of [
      { endpoint: 'http://push.example.com/x', p256dh: keys.p256dh, auth: keys.auth },
      { endpoint: 'https://push.example.com/x', p256dh: 'not a key!', auth: keys.auth },
      { endpoint: 'https://push.example.com/x', p256dh: keys.p256dh, auth: '' },
    ]) {
      const res = await t.call(api.push.subscribe, bad, company);
      expect([res.code, res.msg.en]).toEqual([Code.invalid, 'Invalid push subscription']);
    }
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it("pushes an SOS, encrypted, to the company and its agent in each one's language", async () => {
    const companyKeys = await subscribe(company, 'company', 'cn2');
    const topKeys = await subscribe(top, 'top', 'en');
    await subscribe(sub, 'sub');
    await subscribe(other, 'other');
    const result = await send(config, sos(org));
    expect(result).toEqual({ claimed: true, sent: 2, removed: 0, failed: 0 });
    expect(received('/company', companyKeys)).toEqual({
      title: 'SOS報警',
      body: 'Radio1（Demo_Company）發出了SOS',
      url: '/sosDetail?id=42',
      tag: expect.stringMatching(/^sos\.raised:\d+$/),
    });
    expect(received('/top', topKeys)).toMatchObject({
      title: 'SOS alarm',
      body: 'Radio1 (Demo_Company) raised an SOS',
      url: '/sosDetail?id=42',
    });
    expect(push.deliveries.map((d) => d.path).sort()).toEqual(['/company', '/top']);
  });

  it("pushes a sub-agent's company's fence alarm to the company, the sub-agent and the top-level agent", async () => {
    await subscribe(top, 'top');
    const subKeys = await subscribe(sub, 'sub', 'cn');
    await subscribe(company, 'company');
    const event: AlarmEvent = {
      id: nextEvent++,
      type: 'fence.alarm',
      orgId: subOrg.id,
      agentPath: subOrg.agentPath,
      data: { fence_id: 7, fence_name: 'Harbour', terminal_name: 'Radio9', trigger: 1 },
    };
    expect((await send(config, event)).sent).toBe(2);
    expect(received('/sub', subKeys)).toMatchObject({
      title: '围栏报警',
      body: 'Radio9离开了Harbour',
      url: '/fencerecord?id=7',
    });
    expect(push.deliveries.map((d) => d.path).sort()).toEqual(['/sub', '/top']);
  });

  it('pushes an SOS a radio raises through the live events, once however many instances hear it', async () => {
    const keys = await subscribe(company, 'radio');
    const d = await signIn(t, demoSsid(2));
    const raised = await deviceCall(t, api.device.sos, { device_token: d.token });
    expect(raised.code).toBe(Code.ok);
    await t.app.live.wake();
    for (let waited = 0; push.deliveries.length === 0 && waited < 5000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(received('/radio', keys)).toMatchObject({
      title: 'SOS alarm',
      body: `${d.name} (Demo_Company) raised an SOS`,
      url: `/sosDetail?id=${raised.data.id}`,
    });
  });

  it('deletes a subscription the push service answers 410 or 404 for, and keeps one that failed otherwise', async () => {
    await subscribe(company, 'gone');
    await subscribe(top, 'missing');
    await subscribe(sub, 'busy');
    push.answer.set('/gone', 410);
    push.answer.set('/missing', 404);
    push.answer.set('/busy', 503);
    // Keys of the right form that are no P-256 point cannot be encrypted to: that subscription goes too.
    await subscribe(top, 'broken');
    await t.database.db
      .update(pushSubscriptions)
      .set({ p256dh: `B${'A'.repeat(86)}` })
      .where(eq(pushSubscriptions.endpoint, `${pushOrigin}/broken`));
    const event = { ...sos(subOrg) };
    const subCompany = await t.login(1, 'subcompany01', 'company123');
    await subscribe(subCompany, 'fine');
    expect(await send(config, event)).toEqual({
      claimed: true,
      sent: 1,
      removed: 2,
      failed: 1,
    });
    expect(await send(config, sos(org))).toMatchObject({ removed: 1 });
    const left = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((r) => r.endpoint.replace(pushOrigin, '')).sort()).toEqual(['/busy', '/fine']);
  });

  it('sends an event once when two instances call sendAlarm at once', async () => {
    await subscribe(company, 'company');
    const event = sos(org);
    const results = await Promise.all([send(config, event), send(config, event), send(config, event)]);
    expect(results.filter((r) => r.claimed)).toHaveLength(1);
    expect(push.deliveries).toHaveLength(1);
    expect(await send(config, event)).toMatchObject({ claimed: false, sent: 0 });
    const claims = await t.database.db.select().from(pushSent).where(eq(pushSent.eventId, event.id));
    expect(claims).toHaveLength(1);
  });

  it('sends nothing and claims nothing when push is not configured', async () => {
    await subscribe(company, 'company');
    const event = sos(org);
    const off = { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' };
    expect(await send(off, event)).toMatchObject({ claimed: false, sent: 0 });
    expect(push.deliveries).toHaveLength(0);
    expect(await send(config, event)).toMatchObject({ claimed: true, sent: 1 });
  });

  it("unsubscribes the caller's own endpoint and leaves another account's alone", async () => {
    const { p256dh, auth } = browserKeys();
    const endpoint = (name: string) => `https://push.example.com/${name}`;
    await t.call(api.push.subscribe, { endpoint: endpoint('company'), p256dh, auth }, company);
    await t.call(api.push.subscribe, { endpoint: endpoint('top'), p256dh, auth }, top);
    for (const s of [other, top]) {
      const res = await t.call(api.push.unsubscribe, { endpoint: endpoint('company') }, s);
      expect(res.code).toBe(Code.ok);
    }
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(2);
    await t.call(api.push.unsubscribe, { endpoint: endpoint('company') }, company);
    const left = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((r) => r.endpoint)).toEqual([endpoint('top')]);
  });

  it('keeps an endpoint per account: another account subscribing the same URL takes nothing over', async () => {
    const keys = browserKeys();
    const params = { endpoint: `${pushOrigin}/shared`, p256dh: keys.p256dh, auth: keys.auth };
    await t.call(api.push.subscribe, params, company);
    await t.call(api.push.subscribe, { ...params, lang: 'cn' }, other);
    const rows = await t.database.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.role);
    expect(rows.map((r) => [r.role, r.lang])).toEqual([
      [1, 'en'],
      [1, 'cn'],
    ]);
    expect((await t.call(api.push.unsubscribe, params, other)).code).toBe(Code.ok);
    expect((await send(config, sos(org))).sent).toBe(1);
  });

  it("removes the account's subscriptions at logout and no one else's", async () => {
    const session = await t.login(1, 'company01', 'company123');
    await subscribe(session, 'phone1');
    await subscribe(company, 'phone2');
    await subscribe(top, 'top');
    expect((await t.call(api.auth.logout, {}, session)).code).toBe(Code.ok);
    const left = await t.database.db.select({ role: pushSubscriptions.role }).from(pushSubscriptions);
    expect(left).toEqual([{ role: 0 }]);
    expect((await t.call(api.push.key, {}, session)).code).toBe(Code.unauthorized);
  });

  it("removes a company's subscriptions when its agent sets its password, as its sessions end", async () => {
    await subscribe(company, 'company');
    await subscribe(top, 'top');
    const res = await t.call(api.org.password, { id: org.id, password: 'company123' }, top);
    expect(res.code).toBe(Code.ok);
    const left = await t.database.db.select({ role: pushSubscriptions.role }).from(pushSubscriptions);
    expect(left).toEqual([{ role: 0 }]);
    company = await t.login(1, 'company01', 'company123');
  });
});
