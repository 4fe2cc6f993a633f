import { readFileSync } from 'node:fs';
import type { Lang } from '@ptt/contract';
import { distance } from 'geokdbush';
import { folded, gazetteer } from './gazetteer.ts';
import { areas, districts, type HongKongPlace, regions, territory } from './hong-kong-places.ts';

/**
 * The places the product's regions call by name, beside GeoNames' towns: Hong Kong's districts and
 * areas and mainland China's divisions, each named in the three languages, with the names it is
 * found by and the place it lies in.
 */
export interface NamedEntry {
  names: Record<Lang, string>;
  /** Folded names it is found by: each language's, and toneless pinyin for the mainland. */
  keys: string[];
  country: string;
  /** The entry it lies in (a district, a city, a province), if any. */
  parent?: number;
  lat: number;
  lng: number;
  /** Its order among names found alike: a province before its cities, a city before its counties. */
  weight: number;
}

/** A row of china-places.json (written by `npm run places:china`). */
type ChinaRow = [string, string, string, string, string, number, number, number];

const hongKong = (entries: NamedEntry[]) => {
  const byName = new Map<string, number>();
  const all: [HongKongPlace, number][] = [
    [territory, 1e8],
    ...regions.map((r): [HongKongPlace, number] => [r, 5e7]),
    ...districts.map((d): [HongKongPlace, number] => [d, 2e6]),
    ...areas.map((a): [HongKongPlace, number] => [a, 1e6]),
  ];
  for (const [place, weight] of all) {
    byName.set(place.en, entries.length);
    entries.push({
      names: { en: place.en, cn: place.cn, cn2: place.cn2 },
      keys: [place.en, place.cn, place.cn2].map(folded),
      country: 'HK',
      parent: place.in === undefined ? undefined : byName.get(place.in),
      lat: place.lat,
      lng: place.lng,
      weight,
    });
  }
};

const china = (entries: NamedEntry[]) => {
  const rows = JSON.parse(
    readFileSync(new URL('./china-places.json', import.meta.url), 'utf8'),
  ) as ChinaRow[];
  const byCode = new Map<string, number>();
  for (const [code, cn, cn2, en, pinyin, lat, lng, weight] of rows) {
    // A county's city is its code's first four digits; a county of no city hangs under the province.
    const parent = byCode.get(code.slice(0, code.length - 2)) ?? byCode.get(code.slice(0, 2));
    byCode.set(code, entries.length);
    entries.push({
      names: { en, cn, cn2 },
      keys: [en, cn, cn2, pinyin].map(folded),
      country: 'CN',
      parent: code.length > 2 ? parent : undefined,
      lat,
      lng,
      weight,
    });
  }
};

/** Hong Kong's places, then mainland China's divisions. */
export function namedEntries(): NamedEntry[] {
  const entries: NamedEntry[] = [];
  hongKong(entries);
  china(entries);
  return entries;
}

/**
 * The GeoNames towns these entries stand for (the same name within 30 km): a search shows the entry,
 * named in the reader's language, instead of the town beside it.
 */
export function townsCovered(entries: NamedEntry[]): Set<number> {
  const g = gazetteer();
  const byKey = new Map<string, NamedEntry[]>();
  for (const e of entries) for (const k of e.keys) byKey.set(k, [...(byKey.get(k) ?? []), e]);
  const covered = new Set<number>();
  for (const [id, name] of g.names.entries()) {
    const country = g.countries[id];
    if (country !== 'CN' && country !== 'HK') continue;
    const key = folded(name);
    const near = (byKey.get(key) ?? byKey.get(key.replace(/[^a-z]/g, '')) ?? []).some(
      (e) => distance(e.lng, e.lat, g.lng[id] ?? 0, g.lat[id] ?? 0) < 30,
    );
    if (near) covered.add(id);
  }
  return covered;
}
