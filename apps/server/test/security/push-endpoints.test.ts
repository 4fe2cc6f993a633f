import { api, Code, Limits } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orgs, pushSubscriptions, sessions } from '../../src/db/schema.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { isPublicAddress } from '../../src/modules/push/network.ts';
import { type AlarmEvent, sendAlarm } from '../../src/modules/push/service.ts';
import { addOtherTenant, backends, type Session, type TestApp } from '../harness.ts';
import {
  browserKeys,
  type PushEndpoint,
  pushOrigin,
  type StubNetwork,
  startPushApp,
  vapidSettings,
} from '../push-endpoint.ts';

const { config } = vapidSettings();

/** Endpoints a browser's push service never has: this machine, its networks, the cloud's metadata. */
const inner = [
  'https://127.0.0.1:5432/',
  'https://localhost:6379/',
  'https://localhost/',
  'https://localhost./x',
  'https://push.localhost/x',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1:8443/',
  'https://[::1]:22/',
  'https://[::ffff:127.0.0.1]/',
  'https://2130706433/',
  'https://0x7f000001/',
  'https://0177.0.0.1/',
  'https://0.0.0.0:5432/',
  'https://8.8.8.8/',
  'https://redis/',
  'https://metadata.google.internal/',
  'https://printer.local/',
  'https://push.example.com:8443/x',
  'https://user:pw@push.example.com/x',
  'http://push.example.com/x',
];

describe('addresses a push may go to', () => {
  it('takes public unicast only, in every spelling', () => {
    for (const a of ['93.184.215.14', '142.250.74.106', '2a00:1450:4001:82b::200a', '::ffff:93.184.215.14'])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      'fe80::1',
      'fd00::1',
      'fc00::1',
      'ff02::1',
      'not an address',
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
  });
});

describe.each(backends)('push subscriptions under attack on %s', (backend) => {
  let t: TestApp;
  let push: PushEndpoint;
  let net: StubNetwork;
  let company: Session;
  let other: Session;
  let org: { id: number; agentPath: string };
  let nextEvent = 2_000_000;
  const sos = (): AlarmEvent => ({
    id: nextEvent++,
    type: 'sos.raised',
    orgId: org.id,
    agentPath: org.agentPath,
    data: { id: 42, terminal_name: 'Radio1', org_name: 'Demo_Company' },
  });
  const send = () => sendAlarm(t.database.db, config, sos(), net);
  const subscribe = async (s: Session, endpoint: string) => {
    const { p256dh, auth } = browserKeys();
    return t.call(api.push.subscribe, { endpoint, p256dh, auth }, s);
  };

  beforeAll(async () => {
    ({ t, push, net } = await startPushApp(backend, config));
    await addOtherTenant(t);
    const [demo] = await t.database.db.select().from(orgs).where(eq(orgs.account, 'company01'));
    org = { id: demo.id, agentPath: demo.agentPath };
    company = await t.login(1, 'company01', 'company123');
    other = await t.login(1, 'company02', 'company123');
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t.close(), push.close()]);
  });
  beforeEach(async () => {
    push.deliveries.length = 0;
    net.posts.length = 0;
    await t.database.db.delete(pushSubscriptions);
  });

  it('refuses endpoints on inner addresses, in every spelling, before storing them', async () => {
    for (const endpoint of inner) {
      const res = await subscribe(company, endpoint);
      expect([endpoint, res.code]).toEqual([endpoint, Code.invalid]);
    }
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('sends nothing to a name that resolves to an inner address when the alarm goes out', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => `rebind-${n}.example.net`);
    const addresses = ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1'];
    names.forEach((name, i) => {
      // A public address first and an inner one after: every address must be public.
      net.names.set(name, i % 2 === 0 ? [addresses[i]] : ['93.184.215.14', addresses[i]]);
    });
    for (const name of names) expect((await subscribe(company, `https://${name}/x`)).code).toBe(Code.ok);
    // And a name that does not resolve.
    expect((await subscribe(company, 'https://nowhere.example.net/x')).code).toBe(Code.ok);
    const r = await send();
    expect(r).toMatchObject({ claimed: true, sent: 0, failed: names.length + 1 });
    expect(net.posts).toEqual([]);
    expect(push.deliveries).toEqual([]);
  });

  it('drops an inner endpoint stored before the rule, without posting to it', async () => {
    expect((await subscribe(company, `${pushOrigin}/fine`)).code).toBe(Code.ok);
    await t.database.db
      .update(pushSubscriptions)
      .set({ endpoint: 'https://127.0.0.1:5432/' })
      .where(eq(pushSubscriptions.endpoint, `${pushOrigin}/fine`));
    expect(await send()).toMatchObject({ sent: 0, removed: 1 });
    expect(net.posts).toEqual([]);
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it(`keeps an account's newest ${Limits.pushPerAccount} subscriptions: one alarm fans out that far`, async () => {
    for (let i = 0; i < Limits.pushPerAccount + 8; i++)
      expect((await subscribe(company, `${pushOrigin}/phone${i}`)).code).toBe(Code.ok);
    const rows = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(rows).toHaveLength(Limits.pushPerAccount);
    expect(rows.map((r) => r.endpoint)).toContain(`${pushOrigin}/phone${Limits.pushPerAccount + 7}`);
    expect((await send()).sent).toBe(Limits.pushPerAccount);
  });

  it('lets no other tenant take an endpoint over: the owner still gets its alarm and can unsubscribe', async () => {
    const endpoint = `${pushOrigin}/victim`;
    expect((await subscribe(company, endpoint)).code).toBe(Code.ok);
    expect((await subscribe(other, endpoint)).code).toBe(Code.ok);
    expect((await send()).sent).toBe(1);
    expect(push.deliveries.map((d) => d.path)).toEqual(['/victim']);
    expect((await t.call(api.push.unsubscribe, { endpoint }, company)).code).toBe(Code.ok);
    const left = await t.database.db.select({ role: pushSubscriptions.role }).from(pushSubscriptions);
    expect(left).toHaveLength(1);
    push.deliveries.length = 0;
    expect((await send()).sent).toBe(0);
  });

  it("removes the other sessions' subscriptions on a password change, and keeps the changer's", async () => {
    const [first, second] = [
      await t.login(1, 'company01', 'company123'),
      await t.login(1, 'company01', 'company123'),
    ];
    expect((await subscribe(first, `${pushOrigin}/signed-out`)).code).toBe(Code.ok);
    expect((await subscribe(second, `${pushOrigin}/changer`)).code).toBe(Code.ok);
    const change = await t.call(
      api.profile.password,
      { oldPassword: 'company123', newPassword: 'company456', confirmPassword: 'company456' },
      second,
    );
    expect(change.code).toBe(Code.ok);
    await send();
    expect(push.deliveries.map((d) => d.path)).toEqual(['/changer']);
    await t.call(
      api.profile.password,
      { oldPassword: 'company456', newPassword: 'company123', confirmPassword: 'company123' },
      second,
    );
    company = await t.login(1, 'company01', 'company123');
  });

  it('sends nothing to a subscription whose session has expired', async () => {
    const session = await t.login(1, 'company01', 'company123');
    expect((await subscribe(session, `${pushOrigin}/expired`)).code).toBe(Code.ok);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(session.access_token)));
    expect((await send()).sent).toBe(0);
    expect(push.deliveries).toEqual([]);
  });
});
