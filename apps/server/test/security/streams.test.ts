import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, orgs } from '../../src/db/schema.ts';
import { STREAMS_PER_SESSION } from '../../src/modules/live/hub.ts';
import { demoSsid, deviceCall, signIn } from '../device-support.ts';
import { backends, type Session, startTestApp, type TestApp } from '../harness.ts';
import { listenLocal, type Message, type OpenStream, openStream, sleep } from '../live-support.ts';

/**
 * Event streams hold only while their session and scope do: a company moved away from an agent, a
 * session ended by a logout, a password change or a reset ends the streams at once (a notice on the
 * live channel, no ping), and one session holds a bounded number of streams.
 */
describe.each(backends)('event streams under moves and revocations on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let top: Session;
  let orgId: number;
  let topId: number;
  let subId: number;
  let token: string;
  const open: OpenStream[] = [];
  const stream = async (s: Session, extra: Record<string, string | number> = {}) => {
    const o = await openStream(base, { ...s, ...extra });
    open.push(o);
    await o.until((m) => m.retry === 2000);
    return o;
  };
  /** Resolves true when the stream ended within `ms`, false otherwise. */
  const endsWithin = (s: OpenStream, ms: number) =>
    Promise.race([s.ended.then(() => true), sleep(ms).then(() => false)]);
  const isSos = (m: Message) => m.event === 'sos.raised';
  const raise = async () => {
    const r = await deviceCall(t, api.device.sos, { device_token: token, lat: 22.31, lng: 114.16 });
    expect(r.code).toBe(Code.ok);
  };
  const move = async (agentId: number) =>
    expect((await t.call(api.org.changeAgent, { orgId, agentId }, top)).code).toBe(Code.ok);

  beforeAll(async () => {
    t = await startTestApp(backend);
    base = await listenLocal(t.app);
    top = await t.login(0, 'agent01', 'agent123');
    const [org] = await t.database.db.select().from(orgs).where(eq(orgs.account, 'company01'));
    orgId = org.id;
    topId = org.agentId;
    const [s] = await t.database.db.select().from(agents).where(eq(agents.account, 'subagent01'));
    subId = s.id;
    ({ token } = await signIn(t, demoSsid(1)));
  }, 60_000);
  afterEach(() => {
    for (const o of open.splice(0)) o.close();
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends a sub-agent’s stream of a company the moment the company moves away, and sends it nothing after', async () => {
    await move(subId);
    const sub = await t.login(0, 'subagent01', 'agent123');
    const narrowed = await stream(sub, { orgId });
    await move(topId);
    // A ping would be 15 s away: the move's notice alone ends the stream.
    expect(await endsWithin(narrowed, 3000)).toBe(true);
    await raise();
    await sleep(500);
    expect(narrowed.events().filter(isSos)).toEqual([]);
    const again = await openStream(base, { ...sub, orgId });
    expect(((await again.res.json()) as { code: number }).code).toBe(Code.notFound);
  });

  it('keeps the stream of an agent that still sees the company after a move', async () => {
    const narrowed = await stream(top, { orgId });
    await move(subId);
    await raise();
    await narrowed.until(isSos, 5000);
    await move(topId);
  });

  it('ends the streams of a session signed out, at once', async () => {
    const session = await t.login(1, 'company01', 'company123');
    const s = await stream(session);
    expect((await t.call(api.auth.logout, {}, session)).code).toBe(Code.ok);
    expect(await endsWithin(s, 3000)).toBe(true);
  });

  it('ends the other sessions’ streams on a password change, and keeps the changer’s', async () => {
    const [first, second] = [
      await t.login(1, 'company01', 'company123'),
      await t.login(1, 'company01', 'company123'),
    ];
    const [a, b] = [await stream(first), await stream(second)];
    const change = await t.call(
      api.profile.password,
      { oldPassword: 'company123', newPassword: 'company456', confirmPassword: 'company456' },
      second,
    );
    expect(change.code).toBe(Code.ok);
    expect(await endsWithin(a, 3000)).toBe(true);
    await raise();
    await b.until(isSos, 5000);
    expect(a.events().filter(isSos)).toEqual([]);
    await t.call(
      api.profile.password,
      { oldPassword: 'company456', newPassword: 'company123', confirmPassword: 'company123' },
      second,
    );
  });

  it('ends a company’s streams when its agent sets a new password', async () => {
    const session = await t.login(1, 'company01', 'company123');
    const s = await stream(session);
    expect((await t.call(api.org.password, { id: orgId, password: 'company123' }, top)).code).toBe(Code.ok);
    expect(await endsWithin(s, 3000)).toBe(true);
  });

  it(`holds at most ${STREAMS_PER_SESSION} streams per session; the next answers 42901`, async () => {
    const session = await t.login(1, 'company01', 'company123');
    const opened = await Promise.all(
      Array.from({ length: STREAMS_PER_SESSION + 4 }, () => openStream(base, session)),
    );
    open.push(...opened);
    const streams = opened.filter((o) => o.res.headers.get('content-type')?.startsWith('text/event-stream'));
    expect(streams).toHaveLength(STREAMS_PER_SESSION);
    const refused = opened.filter((o) => !streams.includes(o));
    for (const r of refused) {
      expect(r.res.status).toBe(200);
      expect(((await r.res.json()) as { code: number }).code).toBe(Code.tooMany);
    }
    // Another session of the same account is not held back by the first's.
    const other = await t.login(1, 'company01', 'company123');
    await stream(other);
  });
});
