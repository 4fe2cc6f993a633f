import { api, Code } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maintainPositions } from '../src/modules/partitions/service.ts';
import { demoSsid, report, signIn } from './device-support.ts';
import { bothBackends, useTestApp } from './harness.ts';

const DAY = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const tableOf = (t: number) => `positions_p${utcDay(t).replaceAll('-', '')}`;

describe.each(bothBackends)('positions by day on %s', (backend) => {
  const { t, company } = useTestApp(backend, { sessions: ['company'] });
  const rows = async <R>(query: string) =>
    ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: R[] }).rows;
  const tables = async () =>
    (
      await rows<{ name: string }>(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'positions'::regclass order by 1`,
      )
    ).map((r) => r.name);
  /** Where each of a terminal's positions is stored, by its time. */
  const placed = async (terminalId: number) =>
    rows<{ at: string; part: string }>(
      `select at::text as at, tableoid::regclass::text as part from positions where terminal_id = ${terminalId}
       order by at`,
    );

  it('has yesterday’s to the day after tomorrow’s tables once the server is ready, and a default', async () => {
    const today = Math.floor(Date.now() / DAY) * DAY;
    const days = [-1, 0, 1, 2].map((d) => tableOf(today + d * DAY));
    expect(await tables()).toEqual([...days, 'positions_default'].sort());
  });

  it('stores a position in its day’s table and one without a table in the default, then moves it', async () => {
    const d = await signIn(t, demoSsid(2));
    const now = Date.now();
    const old = now - 10 * DAY;
    const fix = { lat: 22.3193, lng: 114.1694 };
    const sent = await report(t, d.token, [
      { ...fix, time: new Date(old) },
      { ...fix, time: new Date(now) },
    ]);
    expect([sent.code, sent.data.accepted]).toEqual([Code.ok, 2]);
    expect((await placed(d.id)).map((p) => p.part)).toEqual(['positions_default', tableOf(now)]);

    // The server makes the old day's table when that day is "yesterday"; its position moves there.
    const made = await maintainPositions(t.database.owner, 90, old + DAY);
    expect(made.added).toContain(utcDay(old));
    expect((await placed(d.id)).map((p) => p.part)).toEqual([tableOf(old), tableOf(now)]);

    const track = await t.call(
      api.location.track,
      {
        terminalId: d.id,
        start: new Date(old - 60_000).toISOString(),
        end: new Date(old + 60_000).toISOString(),
      },
      company,
    );
    expect([track.code, track.data.points.length]).toEqual([Code.ok, 1]);
  });

  it('drops the days past the retention whole, and deletes old stragglers from the default', async () => {
    const d = await signIn(t, demoSsid(3));
    const now = Date.now();
    const fix = { lat: 22.3193, lng: 114.1694 };
    await report(t, d.token, [
      { ...fix, time: new Date(now - 20 * DAY) },
      { ...fix, time: new Date(now) },
    ]);
    expect((await placed(d.id)).map((p) => p.part)).toEqual(['positions_default', tableOf(now)]);
    const before = await tables();

    // Five days on, with three days kept: today's table (now five days old) and older ones go.
    const later = now + 5 * DAY;
    const { dropped } = await maintainPositions(t.database.owner, 3, later);
    const cutoff = Math.floor(later / DAY) * DAY - 3 * DAY;
    expect(dropped).toEqual(
      before
        .filter((n) => n !== 'positions_default')
        .map((n) => `${n.slice(11, 15)}-${n.slice(15, 17)}-${n.slice(17, 19)}`)
        .filter((day) => Date.parse(`${day}T00:00:00Z`) < cutoff),
    );
    expect(dropped).toContain(utcDay(now));
    expect(await placed(d.id)).toEqual([]);
    expect(await tables()).toContain(tableOf(later));
  });

  it('adds each day once when two instances keep the tables at the same moment', async () => {
    const far = Date.now() + 40 * DAY;
    const [a, b] = await Promise.all([
      maintainPositions(t.database.owner, 90, far),
      maintainPositions(t.database.owner, 90, far),
    ]);
    expect([...a.added, ...b.added].sort()).toEqual([-1, 0, 1, 2].map((d) => utcDay(far + d * DAY)).sort());
  });
});
