import { and, asc, desc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { geocodeCache, positions, terminalPositionsLast } from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';

export type NewPosition = typeof positions.$inferInsert;

export const insertPositions = (db: Conn, rows: NewPosition[]) => db.insert(positions).values(rows);

export type LastPosition = typeof terminalPositionsLast.$inferInsert;

/** Keeps a terminal's newest position; true when `p` is newer than the one kept (or the first). */
export const upsertLast = async (db: Conn, p: LastPosition) =>
  (
    await db
      .insert(terminalPositionsLast)
      .values(p)
      .onConflictDoUpdate({
        target: terminalPositionsLast.terminalId,
        set: { orgId: p.orgId, lat: p.lat, lng: p.lng, speed: p.speed, at: p.at },
        setWhere: lt(terminalPositionsLast.at, p.at),
      })
      .returning({ id: terminalPositionsLast.terminalId })
  ).length === 1;

const inScope = (scope: Scope) =>
  'orgId' in scope ? eq(positions.orgId, scope.orgId) : like(positions.agentPath, `${scope.path}%`);

const point = {
  lat: positions.lat,
  lng: positions.lng,
  speed: positions.speed,
  accuracy: positions.accuracy,
  at: positions.at,
};

/** Positions of a terminal in a range, oldest first; every k-th one when there are more than `max`. */
export async function track(db: Conn, scope: Scope, terminalId: number, from: Date, to: Date, max: number) {
  const where = and(
    eq(positions.terminalId, terminalId),
    inScope(scope),
    gte(positions.at, from),
    lt(positions.at, to),
  );
  const total = await db.$count(positions, where);
  if (total <= max)
    return { points: await db.select(point).from(positions).where(where).orderBy(asc(positions.at)), total };
  const step = Math.ceil(total / max);
  const numbered = db
    .select({ ...point, n: sql<number>`row_number() over (order by ${positions.at})`.as('n') })
    .from(positions)
    .where(where)
    .as('numbered');
  const points = await db
    .select({
      lat: numbered.lat,
      lng: numbered.lng,
      speed: numbered.speed,
      accuracy: numbered.accuracy,
      at: numbered.at,
    })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${step} = 0`)
    .orderBy(asc(numbered.at));
  return { points, total };
}

export const last = async (db: Conn, scope: Scope, terminalId: number) =>
  (
    await db
      .select(point)
      .from(positions)
      .where(and(eq(positions.terminalId, terminalId), inScope(scope)))
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
