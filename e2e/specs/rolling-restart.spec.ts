import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api } from '@ptt/contract';
import { DeviceClient } from '@ptt/simulator';
import { and, eq, gt, sql } from 'drizzle-orm';
import { agentCards, liveEvents, orgs } from '../../apps/server/src/db/schema.ts';
import { resetCredentials } from '../../apps/server/src/modules/device/provision.ts';
import {
  Balancer,
  call,
  freePort,
  type Instance,
  login,
  ReconnectingStream,
  type SharedDatabase,
  sharedDatabase,
  startInstance,
} from '../support/instances.ts';

const admin = process.env.TEST_DATABASE_URL;

/**
 * A deploy restarts the instances one at a time. Under a load of reads, sales and positions sent to
 * both, one instance is stopped (SIGTERM) and started again: every write an instance acknowledged is in
 * the database, and a console whose stream was on the stopped instance misses no event.
 */
describe('a rolling restart of one of two instances', {
  skip: !admin && 'needs TEST_DATABASE_URL (PostgreSQL)',
}, () => {
  let shared: SharedDatabase;
  let a: Instance;
  let b: Instance;
  before(async () => {
    shared = await sharedDatabase(admin as string);
    const [pa, pb] = [await freePort(), await freePort()];
    [a, b] = await Promise.all([startInstance(shared.url, pa), startInstance(shared.url, pb)]);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await shared?.drop();
  });

  it('loses no acknowledged write and no event of a console’s stream', async (t) => {
    const db = shared.database.db;
    const both = new Balancer([a.url, b.url]);
    const top = await login(both.fetch, shared.database.db, 0, 'agent01', 'agent123');
    const company = await login(both.fetch, shared.database.db, 1, 'company01', 'company123');
    const sub = (await call(both.fetch, api.agent.list, top)).data.list[0].id;
    const [org] = await db.select().from(orgs).where(eq(orgs.account, 'company01'));
    const { ssid, password } = (await resetCredentials(db, 'company01', { count: 1 })).terminals[0];
    const radio = new DeviceClient('', both.fetch);
    await radio.login(ssid, password);

    // The console streams from the instance that is going to stop.
    const firstEvent = Number(
      (await db.select({ n: sql<number>`coalesce(max(id), 0)` }).from(liveEvents))[0].n,
    );
    const stream = new ReconnectingStream((path, init) => new Balancer([a.url, b.url]).fetch(path, init), {
      ...company,
    });
    // Closed however the test ends: a stream left open would reconnect for ever and hold the run.
    t.after(() => stream.close());
    await stream.open();
    const balance = async () =>
      Number(
        (
          await db
            .select({ n: agentCards.balance })
            .from(agentCards)
            .where(and(eq(agentCards.agentId, sub), eq(agentCards.cardType, 0)))
        )[0]?.n ?? 0,
      );
    const balanceBefore = await balance();

    const tally = { reads: 0, sales: 0, positions: 0, unknown: 0 };
    const ackedTimes: number[] = [];
    const causes: string[] = [];
    /** Those waiting for more acknowledged calls of each kind (`progress`), told at each one. */
    const waiting = new Set<() => void>();
    const acknowledged = (kind: 'reads' | 'sales' | 'positions') => {
      tally[kind]++;
      for (const check of waiting) check();
    };
    /**
     * Resolves once the load has had `n` more calls of each kind acknowledged: each phase of the deploy
     * runs under load that was served, however slow the machine. Only a load that stops being served
     * (every call failing) waits out the bound.
     */
    const progress = (n: number) => {
      const from = { ...tally };
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          waiting.delete(check);
          clearTimeout(timer);
        };
        const check = () => {
          if (tally.reads < from.reads + n || tally.sales < from.sales + n) return;
          if (tally.positions < from.positions + n) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no progress of ${n} calls each: ${JSON.stringify({ from, tally, causes })}`));
        }, 60_000);
        waiting.add(check);
        check();
      });
    };
    let running = true;
    const loop = async (step: () => Promise<void>) => {
      while (running) {
        try {
          await step();
        } catch (err) {
          // Neither acknowledged nor refused: it may or may not have been written.
          tally.unknown++;
          const cause = (err as { cause?: { code?: string } }).cause;
          causes.push(String(cause?.code ?? (err as Error).message));
        }
      }
    };
    let clock = Date.now() - 60_000;
    const load = [
      loop(async () => {
        const r = await call(both.fetch, api.sos.untreatedSOSCount, company);
        assert.equal(r.code, 20001);
        acknowledged('reads');
      }),
      loop(async () => {
        const r = await call(both.fetch, api.agent.blanceAdd, {
          ...top,
          agentId: sub,
          cardType: 0,
          quantity: 1,
        });
        assert.equal(r.code, 20001, r.msg.en);
        acknowledged('sales');
      }),
      loop(async () => {
        // A tenth of a second a fix: however fast the calls go, the times stay within the five minutes
        // ahead a radio's clock may be, so every fix acknowledged is one the server kept.
        clock += 100;
        const time = new Date(clock);
        const answer = await radio.positions([{ lat: 22.3 + (clock % 1000) / 1e6, lng: 114.17, time }]);
        assert.equal(answer.accepted, 1, JSON.stringify(answer));
        ackedTimes.push(time.getTime());
        acknowledged('positions');
      }),
    ];

    // The deploy, each step under load: the first instance drains and stops while calls go on to both;
    // the second alone serves them; the first starts again on its port and serves its share again.
    await progress(4);
    const code = await a.stop('SIGTERM');
    assert.equal(code, 0, a.output());
    await progress(4);
    a = await startInstance(shared.url, a.port);
    await progress(4);
    running = false;
    await Promise.all(load);

    assert.ok(tally.reads > 10 && tally.sales > 10 && tally.positions > 10, JSON.stringify(tally));
    // Every sale acknowledged moved a card; a call whose answer was lost may have moved one more.
    const moved = (await balance()) - balanceBefore;
    assert.ok(
      moved >= tally.sales && moved <= tally.sales + tally.unknown,
      `${moved} ${JSON.stringify(tally)}`,
    );
    // Every position acknowledged is stored.
    const stored = await db.execute<{ at: Date }>(
      sql`select at from positions where terminal_id = (select id from terminals where ssid = ${ssid})`,
    );
    const times = new Set(
      (stored as unknown as { rows: { at: Date | string }[] }).rows.map((r) => new Date(r.at).getTime()),
    );
    assert.deepEqual(
      ackedTimes.filter((t) => !times.has(t)),
      [],
    );
    // The console was told to come back, came back (to the other instance), and was replayed what it
    // missed: it has every event of its company since it opened, once.
    const expected = (
      await db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(and(eq(liveEvents.orgId, org.id), gt(liveEvents.id, firstEvent)))
        .orderBy(liveEvents.id)
    ).map((r) => r.id);
    assert.ok(expected.length >= tally.positions, `${expected.length} events`);
    const last = expected[expected.length - 1];
    await stream.until((e) => e.id === last, 10_000);
    stream.close();
    const seen = stream.events.map((e) => e.id).filter((id) => id > firstEvent);
    assert.deepEqual(
      expected.filter((id) => !seen.includes(id)),
      [],
    );
    assert.equal(new Set(seen).size, seen.length, 'no event twice');
    assert.ok(stream.connects >= 2, `the stream reconnected (${stream.connects})`);
    // A hint on each connect, and the drain's own before the stopped instance ended the stream.
    assert.ok(stream.retries.length > stream.connects, `retry hints ${stream.retries}`);
    console.log(
      `rolling restart: ${JSON.stringify(tally)} (${causes.join(', ')}), ${expected.length} events on the stream`,
    );
  });
});
