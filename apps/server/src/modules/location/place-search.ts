import type { Lang } from '@ptt/contract';
import { folded, gazetteer } from './gazetteer.ts';
import { type NamedEntry, namedEntries, townsCovered } from './place-names.ts';

/** A place found by name: named in the reader's language where it has a name in it. */
export interface FoundPlace {
  name: string;
  country: string;
  /** The district, city or province it lies in, in the language; empty for a world town. */
  region: string;
  lat: number;
  lng: number;
}

/**
 * Every start of a word of every name, folded, in sorted order: `keys[k]` is a name from one of its
 * words on, `ids[k]` the place, `whole[k]` whether the key is the whole name. Ids below `towns` are
 * GeoNames' towns, the rest `entries` (Hong Kong's places, mainland China's divisions).
 */
interface SearchIndex {
  keys: string[];
  ids: Uint32Array;
  whole: Uint8Array;
  towns: number;
  entries: NamedEntry[];
}
let index: SearchIndex | undefined;

function build(): SearchIndex {
  const g = gazetteer();
  const entries = namedEntries();
  const covered = townsCovered(entries);
  const towns = g.names.length;
  const list: { key: string; id: number; whole: boolean }[] = [];
  const add = (id: number, f: string) => {
    list.push({ key: f, id, whole: true });
    for (let p = f.indexOf(' '); p >= 0; p = f.indexOf(' ', p + 1))
      list.push({ key: f.slice(p + 1), id, whole: false });
  };
  for (const [id, name] of g.names.entries()) if (!covered.has(id)) add(id, folded(name));
  for (const [i, e] of entries.entries()) for (const k of new Set(e.keys)) add(towns + i, k);
  list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  return {
    keys: list.map((e) => e.key),
    ids: Uint32Array.from(list, (e) => e.id),
    whole: Uint8Array.from(list, (e) => (e.whole ? 1 : 0)),
    towns,
    entries,
  };
}

/** The first key not before `q`. */
function lowerBound(keys: string[], q: string) {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] ?? '') < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Built once per process, on the first search (about a second; the gazetteer is read then too). */
export const searchIndex = (): SearchIndex => {
  index ??= build();
  return index;
};

/**
 * Places whose name in any language (or pinyin) starts with the words typed, or has a word that does
 * ("kong" finds Hong Kong): the whole name first, then the start of a name, then a later word; among
 * those a province or territory first, then by population; at most `limit`.
 */
export function searchPlaces(query: string, limit: number, lang: Lang): FoundPlace[] {
  const q = folded(query);
  if (q === '') return [];
  const g = gazetteer();
  const { keys, ids, whole, towns, entries } = searchIndex();
  // A place's best rank: 0 a whole name, 1 the start of a name, 2 a later word.
  const ranks = new Map<number, number>();
  for (let k = lowerBound(keys, q); k < keys.length && (keys[k] ?? '').startsWith(q); k++) {
    const id = ids[k] ?? 0;
    const rank = whole[k] ? (keys[k] === q ? 0 : 1) : 2;
    if (rank < (ranks.get(id) ?? 3)) ranks.set(id, rank);
  }
  const weight = (id: number) => (id < towns ? (g.population[id] ?? 0) : (entries[id - towns]?.weight ?? 0));
  const hits = [...ranks].map(([id, rank]) => ({ id, rank, weight: weight(id) }));
  hits.sort((a, b) => a.rank - b.rank || b.weight - a.weight || a.id - b.id);
  return hits.slice(0, limit).map(({ id }) => {
    if (id < towns) {
      const place = { name: g.names[id] ?? '', country: g.countries[id] ?? '', region: '' };
      return { ...place, lat: g.lat[id] ?? 0, lng: g.lng[id] ?? 0 };
    }
    const e = entries[id - towns] as NamedEntry;
    const parent = e.parent === undefined ? undefined : entries[e.parent];
    return {
      name: e.names[lang],
      country: e.country,
      region: parent?.names[lang] ?? '',
      lat: e.lat,
      lng: e.lng,
    };
  });
}
