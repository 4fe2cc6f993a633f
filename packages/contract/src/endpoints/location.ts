import { z } from 'zod';
import { Limits } from '../constants.ts';
import { once } from '../lazy.ts';
import { id, latitude, longitude } from '../rules.ts';
import { empty, endpoint, optional } from './define.ts';
import { addressLang } from './sos.ts';

export const TrackLimits = { rangeDays: 7, maxPoints: 5000 } as const;

/** A place search: at least this many characters, at most this many answers. */
export const PlaceLimits = { queryMin: 2, queryMax: 50, results: 10 } as const;

/**
 * A place of the server's gazetteer: its name, country (code and name in the language), the district,
 * city or province it lies in (in the language; empty for a world town) and its point.
 */
export const place = once(() =>
  z.object({
    name: z.string(),
    country: z.string(),
    country_name: z.string(),
    region: z.string(),
    lat: z.number(),
    lng: z.number(),
  }),
);

const instant = once(() => z.iso.datetime({ offset: true, error: 'invalidParams' }));

/** A reported position: degrees, the terminal's time, speed in km/h and accuracy in metres when known. */
export const trackPoint = once(() =>
  z.object({
    lat: z.number(),
    lng: z.number(),
    at: z.string(),
    speed: z.number().nullable(),
    accuracy: z.number().nullable(),
  }),
);

/** One terminal of the fleet map: its last position (null when none), presence and open SOS (0/1). */
export const fleetTerminal = once(() =>
  z.object({
    terminal_id: z.number(),
    name: z.string(),
    ssid: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    at: z.string().nullable(),
    speed: z.number().nullable(),
    online: z.union([z.literal(0), z.literal(1)]),
    sos: z.union([z.literal(0), z.literal(1)]),
  }),
);

export const location = {
  track: endpoint({
    method: 'GET',
    path: '/v1/location/track',
    access: 'any',
    summary:
      'Positions of a terminal in scope between start and end (ISO 8601 instants, at most 7 days), oldest ' +
      'first, at most 5000 (evenly thinned, thinned true); none answers 40401 "No location track"',
    params: () =>
      z
        .object({ terminalId: id(), start: instant(), end: instant() })
        .refine((v) => Date.parse(v.start) < Date.parse(v.end), {
          error: 'dateStartBeforeEnd',
          path: ['end'],
        })
        .refine((v) => Date.parse(v.end) - Date.parse(v.start) <= TrackLimits.rangeDays * 86_400_000, {
          error: 'trackRangeMax',
          path: ['end'],
        }),
    data: () => z.object({ terminal_id: z.number(), points: z.array(trackPoint()), thinned: z.boolean() }),
  }),
  last: endpoint({
    method: 'GET',
    path: '/v1/location/last',
    access: 'any',
    summary:
      'The last known position of a terminal in scope with its address, or null when it never reported one',
    params: () => z.object({ terminalId: id(), lang: addressLang() }),
    data: () => trackPoint().extend({ address: z.string() }).nullable(),
  }),
  address: endpoint({
    method: 'GET',
    path: '/v1/location/address',
    access: 'any',
    summary:
      'The address of a point through the server’s geocoder (cached; the offline default formats the ' +
      'coordinates); 60 per account a minute',
    params: () => z.object({ lat: latitude(), lng: longitude(), lang: addressLang() }),
    data: () => z.object({ address: z.string() }),
  }),
  places: endpoint({
    method: 'GET',
    path: '/v1/location/places',
    access: 'any',
    summary:
      `Places of the server’s gazetteer (GeoNames towns of 1 000 people or more; Hong Kong’s districts and ` +
      `areas and mainland China’s provinces, cities and counties in English, simplified and traditional ` +
      `Chinese and pinyin) whose name or one of its words starts with q (${PlaceLimits.queryMin}–` +
      `${PlaceLimits.queryMax} characters, accents and case ignored), the whole name first, then provinces ` +
      `before cities before towns by population; at most ${PlaceLimits.results}, named in lang where a ` +
      'name in it exists',
    params: () =>
      z.object({
        q: z
          .string({ error: 'placeQuery' })
          .trim()
          .min(PlaceLimits.queryMin, 'placeQuery')
          .max(PlaceLimits.queryMax, 'placeQuery'),
        lang: addressLang(),
      }),
    data: () => z.object({ list: z.array(place()) }),
  }),
  mapConfig: endpoint({
    method: 'GET',
    path: '/v1/location/mapConfig',
    access: 'any',
    summary:
      'Where the map tiles come from ({z}/{x}/{y} template), their attribution, the maximum zoom, and where ' +
      'a new map opens: the middle of the newest fence in the caller’s scope, else the server’s MAP_CENTER',
    params: empty,
    data: () =>
      z.object({
        tile_url: z.string(),
        attribution: z.string(),
        max_zoom: z.number(),
        center: z.object({ lat: z.number(), lng: z.number() }),
      }),
  }),
  fleet: endpoint({
    method: 'GET',
    path: '/v1/location/fleet',
    access: 'any',
    summary:
      'The terminals of a company with their last position, whether they are online and whether they have ' +
      `an unprocessed SOS, ${Limits.fleetPage} at a time in terminal id order: after is the last id of the ` +
      'page before, next the one to pass for the following page (null on the last); a company reads its ' +
      'own, an agent names a company of its scope (orgId); groupId narrows to a group’s members',
    params: () => z.object({ orgId: optional(id()), groupId: optional(id()), after: optional(id()) }),
    data: () => z.object({ list: z.array(fleetTerminal()), next: z.number().nullable() }),
  }),
};
