import { type api, type Lang, Limits, type ParsedParamsOf, PlaceLimits, TrackLimits } from '@ptt/contract';
import { type Conn, commitWithoutWaiting, type Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { Caller, Device } from '../../http/caller.ts';
import { AppError, functionInactive, notFound, ruleBroken } from '../../http/errors.ts';
import { positionsStored } from '../../http/metrics.ts';
import type { Limit } from '../../lib/rate-limit.ts';
import * as throttle from '../../lib/rate-limit.ts';
import { DAY_MS } from '../../lib/zoned-time.ts';
import * as fences from '../fence/engine.ts';
import { newestMiddle } from '../fence/manage.ts';
import * as live from '../live/service.ts';
import { groupInScope, orgIdInScope, terminalInScope } from '../scope/service.ts';
import { fleet as fleetRows } from './fleet-repository.ts';
import { countryName, type Geocoder, nearTown, nominatim, offline } from './geocoder.ts';
import { searchPlaces } from './place-search.ts';
import * as repo from './repository.ts';

export interface Fix {
  lat: number;
  lng: number;
  time: Date;
  speed?: number;
  accuracy?: number;
}

/** A clock set wrong must not write the future into a track or hold back the repeat of fence alarms. */
const AHEAD_MS = 5 * 60_000;
const BEHIND_MS = 30 * DAY_MS;
export const isPlausibleTime = (t: Date, now = Date.now()) =>
  t.getTime() <= now + AHEAD_MS && t.getTime() >= now - BEHIND_MS;

/** Whether a terminal's positions are kept: its company's GPS service on and its Location function active. */
export const tracks = (device: Device) => device.gps && device.location;

/**
 * Stores a terminal's positions and runs them through its fences in one transaction, oldest first,
 * so a batch from a terminal that was offline alarms as it would have live. A company with GPS off,
 * or a terminal without an active Location function, has its positions refused; a terminal without
 * an active Fence function is not watched by fences.
 */
export async function report(db: Db, config: Config, device: Device, fixes: Fix[]) {
  if (!device.gps) throw ruleBroken('gpsOff');
  if (!device.location) throw functionInactive('location');
  const kept = fixes
    .filter((f) => isPlausibleTime(f.time))
    .sort((a, b) => a.time.getTime() - b.time.getTime());
  const skipped = fixes.length - kept.length;
  if (kept.length === 0) return { accepted: 0, skipped, alarms: 0 };
  const newest = kept[kept.length - 1];
  const alarms = await db.transaction(async (tx) => {
    await commitWithoutWaiting(tx);
    // The call's positions, its newest as the last position and its live event, first: the last
    // position's row lock makes this terminal's next call wait for this one, so the fence states below
    // are read and written one call at a time. A batch caught up from offline does not move the map back.
    await repo.storePositions(
      tx,
      device,
      kept.map((f) => ({
        lat: f.lat,
        lng: f.lng,
        speed: f.speed ?? null,
        accuracy: f.accuracy ?? null,
        at: f.time,
      })),
      live.rowOf({
        type: 'position',
        orgId: device.orgId,
        agentPath: device.agentPath,
        at: newest.time,
        data: {
          terminal_id: device.terminalId,
          lat: newest.lat,
          lng: newest.lng,
          speed: newest.speed ?? null,
        },
      }),
    );
    if (!device.fence) return 0;
    return fences.evaluate(
      tx,
      device,
      kept.map((f) => ({ lat: f.lat, lng: f.lng, at: f.time })),
      config.FENCE_REPEAT_SECONDS,
    );
  });
  positionsStored.inc(kept.length);
  return { accepted: kept.length, skipped, alarms };
}

const pointOut = (p: {
  lat: number;
  lng: number;
  speed: number | null;
  accuracy: number | null;
  at: Date;
}) => ({
  lat: p.lat,
  lng: p.lng,
  at: p.at.toISOString(),
  speed: p.speed,
  accuracy: p.accuracy,
});

export async function track(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.location.track>) {
  const t = await terminalInScope(db, caller, p.terminalId);
  const { points, total } = await repo.track(
    db,
    t.orgId,
    t.id,
    new Date(p.start),
    new Date(p.end),
    TrackLimits.maxPoints,
  );
  if (points.length === 0) throw notFound('noLocationTrack');
  return { terminal_id: t.id, points: points.map(pointOut), thinned: points.length < total };
}

export async function last(
  db: Conn,
  config: Config,
  caller: Caller,
  p: ParsedParamsOf<typeof api.location.last>,
) {
  const t = await terminalInScope(db, caller, p.terminalId);
  const row = await repo.last(db, t.orgId, t.id);
  if (!row) return null;
  return { ...pointOut(row), address: await addressOf(db, config, row.lat, row.lng, p.lang) };
}

/** Places of the gazetteer by name, the country named in the language asked for. */
export const places = async (p: ParsedParamsOf<typeof api.location.places>) => ({
  list: searchPlaces(p.q, PlaceLimits.results, p.lang).map((f) => ({
    name: f.name,
    country: f.country,
    country_name: countryName(f.country, p.lang),
    region: f.region,
    lat: f.lat,
    lng: f.lng,
  })),
});

const geocoderOf = (config: Config): Geocoder =>
  config.GEOCODER === 'nominatim' ? nominatim(config.GEOCODER_URL) : offline;

/** The public Nominatim allows one request a second; all instances share this window through the database. */
const providerLimit: Limit = { key: 'geocoder', max: 1, windowSeconds: 1 };

/**
 * The address of a point: from the cache, else from the configured provider (then cached), else the
 * nearest town of the gazetteer (offline, the default, always answers that way). Rounding to five decimals (about a metre) lets nearby lookups share an entry.
 */
export async function addressOf(db: Conn, config: Config, lat: number, lng: number, lang: Lang) {
  const geocoder = geocoderOf(config);
  if (geocoder === offline) return nearTown(lat, lng, lang);
  const key = `${geocoder.name}:${lang}:${lat.toFixed(5)},${lng.toFixed(5)}`;
  const cached = await repo.cachedAddress(db, key);
  if (cached !== undefined) return cached;
  try {
    await throttle.take(db, providerLimit);
  } catch (e) {
    if (e instanceof AppError) return nearTown(lat, lng, lang);
    throw e;
  }
  const found = await geocoder.reverse(lat, lng, lang);
  if (found === null) return nearTown(lat, lng, lang);
  await repo.cacheAddress(db, key, found);
  return found;
}

const lookupLimit = (caller: Caller): Limit => ({
  key: `geocode:${caller.role}:${caller.id}`,
  max: 60,
  windowSeconds: 60,
});

export async function address(
  db: Conn,
  config: Config,
  caller: Caller,
  p: ParsedParamsOf<typeof api.location.address>,
) {
  await throttle.take(db, lookupLimit(caller));
  return { address: await addressOf(db, config, p.lat, p.lng, p.lang) };
}

/** Tiles, and where a new map opens: on the caller's newest fence, else on the configured centre. */
export const mapConfig = async (db: Conn, config: Config, caller: Caller) => ({
  tile_url: config.MAP_TILE_URL,
  attribution: config.MAP_TILE_ATTRIBUTION,
  max_zoom: 19,
  center: (await newestMiddle(db, caller)) ?? config.MAP_CENTER,
});

/**
 * A page of a company's terminals for the live map (last position, presence and open SOS), in id order
 * after `after`. One row more than a page is read to tell whether another page follows.
 */
export async function fleet(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.location.fleet>) {
  const orgId = await orgIdInScope(db, caller, p.orgId);
  if (p.groupId !== undefined && (await groupInScope(db, caller, p.groupId)).orgId !== orgId) {
    throw notFound();
  }
  const rows = await fleetRows(db, orgId, p.groupId, p.after ?? 0, Limits.fleetPage + 1);
  const page = rows.slice(0, Limits.fleetPage);
  return {
    list: page.map((r) => ({
      terminal_id: r.id,
      name: r.name,
      ssid: r.ssid,
      lat: r.lat,
      lng: r.lng,
      at: r.at?.toISOString() ?? null,
      speed: r.speed,
      online: r.online ? (1 as const) : (0 as const),
      sos: r.sos ? (1 as const) : (0 as const),
    })),
    next: rows.length > page.length ? page[page.length - 1].id : null,
  };
}
