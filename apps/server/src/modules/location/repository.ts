import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { geocodeCache, liveEvents, positions, terminalPositionsLast } from '../../db/schema.ts';

/**
 * One call's positions in one statement: stores them, keeps the newest as the terminal's last position
 * when it is newer than the one kept (or the first), and then writes `event` (its live event). The
 * terminal's last-position row is locked either way, until the transaction ends.
 */
export const storePositions = (
  db: Conn,
  at: { terminalId: number; orgId: number; agentPath: string },
  fixes: { lat: number; lng: number; speed: number | null; accuracy: number | null; at: Date }[],
  event: { type: string; orgId: number; agentPath: string; payload: unknown },
) => {
  const newest = fixes[fixes.length - 1];
  const column = <T>(pick: (f: (typeof fixes)[number]) => T) => sql.param(fixes.map(pick));
  return db.execute(sql`
    with stored as (
      insert into ${positions} (terminal_id, org_id, agent_path, lat, lng, speed, accuracy, at)
      select ${at.terminalId}, ${at.orgId}, ${at.agentPath}, f.lat, f.lng, f.speed, f.accuracy, f.at
      from unnest(${column((f) => f.lat)}::float8[], ${column((f) => f.lng)}::float8[],
        ${column((f) => f.speed)}::real[], ${column((f) => f.accuracy)}::real[],
        ${column((f) => f.at.toISOString())}::timestamptz[]) as f(lat, lng, speed, accuracy, at)
    ),
    last as (
      insert into ${terminalPositionsLast} (terminal_id, org_id, lat, lng, speed, at)
      values (${at.terminalId}, ${at.orgId}, ${newest.lat}, ${newest.lng}, ${newest.speed},
        ${newest.at.toISOString()}::timestamptz)
      on conflict (terminal_id) do update
        set org_id = excluded.org_id, lat = excluded.lat, lng = excluded.lng, speed = excluded.speed,
            at = excluded.at
        where ${terminalPositionsLast}.at < excluded.at
      returning 1
    )
    insert into ${liveEvents} (type, org_id, agent_path, payload)
    select ${event.type}, ${event.orgId}, ${event.agentPath}, ${JSON.stringify(event.payload)}::jsonb
    from last`);
};

/**
 * A terminal's positions at the company it is in now: those of an earlier company stay that company's.
 * Callers check the terminal is in their scope first, so the company alone decides (and a company moved to
 * another agent keeps its history without rewriting its positions).
 */
const atCompany = (orgId: number, terminalId: number) =>
  and(eq(positions.terminalId, terminalId), eq(positions.orgId, orgId));

const point = {
  lat: positions.lat,
  lng: positions.lng,
  speed: positions.speed,
  accuracy: positions.accuracy,
  at: positions.at,
};

/**
 * A terminal's positions in a range with their number and total, in one statement: every k-th one
 * (k the least step that keeps at most `max`), oldest first.
 */
export async function track(db: Conn, orgId: number, terminalId: number, from: Date, to: Date, max: number) {
  const ranged = db
    .select({
      ...point,
      total: sql<number>`(count(*) over ())::int`.as('total'),
      n: sql<number>`row_number() over (order by ${positions.at})`.as('n'),
    })
    .from(positions)
    .where(and(atCompany(orgId, terminalId), gte(positions.at, from), lt(positions.at, to)))
    .as('ranged');
  const rows = await db
    .select({
      lat: ranged.lat,
      lng: ranged.lng,
      speed: ranged.speed,
      accuracy: ranged.accuracy,
      at: ranged.at,
      total: ranged.total,
    })
    .from(ranged)
    .where(sql`(${ranged.n} - 1) % ((${ranged.total} + ${max}::int - 1) / ${max}::int) = 0`)
    .orderBy(asc(ranged.at));
  return { points: rows, total: rows[0]?.total ?? 0 };
}

export const last = async (db: Conn, orgId: number, terminalId: number) =>
  (
    await db
      .select(point)
      .from(positions)
      .where(atCompany(orgId, terminalId))
      .orderBy(desc(positions.at))
      .limit(1)
  )[0];

export const cachedAddress = async (db: Conn, key: string) =>
  (await db.select({ address: geocodeCache.address }).from(geocodeCache).where(eq(geocodeCache.key, key)))[0]
    ?.address;

export const cacheAddress = (db: Conn, key: string, address: string) =>
  db
    .insert(geocodeCache)
    .values({ key, address })
    .onConflictDoUpdate({ target: geocodeCache.key, set: { address } });
