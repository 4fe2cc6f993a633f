import type { Lang } from '@ptt/contract';
import { nearestPlace } from './gazetteer.ts';

/** Turns a point into an address in a language; null when it cannot (the caller falls back to coordinates). */
export interface Geocoder {
  /** Part of the cache key, so switching providers does not serve another provider's answers. */
  name: string;
  reverse(lat: number, lng: number, lang: Lang): Promise<string | null>;
}

const hemispheres: Record<Lang, { n: string; s: string; e: string; w: string; sep: string }> = {
  en: { n: 'N', s: 'S', e: 'E', w: 'W', sep: ', ' },
  cn: { n: '北纬', s: '南纬', e: '东经', w: '西经', sep: '，' },
  cn2: { n: '北緯', s: '南緯', e: '東經', w: '西經', sep: '，' },
};

/** The last resort: coordinates to five decimals (about a metre), hemispheres in the language. */
export function formatCoordinates(lat: number, lng: number, lang: Lang): string {
  const h = hemispheres[lang];
  const deg = (v: number) => `${Math.abs(v).toFixed(5)}°`;
  if (lang === 'en') return `${deg(lat)} ${lat < 0 ? h.s : h.n}${h.sep}${deg(lng)} ${lng < 0 ? h.w : h.e}`;
  return `${lat < 0 ? h.s : h.n}${deg(lat)}${h.sep}${lng < 0 ? h.w : h.e}${deg(lng)}`;
}

const locales: Record<Lang, string> = { en: 'en', cn: 'zh-Hans', cn2: 'zh-Hant' };

/** A country's name in the language from its ISO code (Node's ICU), else the code itself. */
export function countryName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([locales[lang]], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const units: Record<Lang, { m: string; km: string }> = {
  en: { m: 'm', km: 'km' },
  cn: { m: '米', km: '公里' },
  cn2: { m: '米', km: '公里' },
};

/** Metres to ten under a kilometre, a decimal under a hundred, whole kilometres beyond. */
export function formatDistance(km: number, lang: Lang): string {
  const u = units[lang];
  if (km < 1) return `${Math.round(km * 100) * 10} ${u.m}`;
  return `${km < 100 ? km.toFixed(1) : Math.round(km)} ${u.km}`;
}

/**
 * The offline answer: the nearest town of the gazetteer and how far it is. Town names are GeoNames'
 * (English or ASCII: the package holds no Chinese names); the country and the words are in the language.
 */
export function nearTown(lat: number, lng: number, lang: Lang): string {
  const place = nearestPlace(lat, lng);
  if (!place) return formatCoordinates(lat, lng, lang);
  const country = countryName(place.country, lang);
  const distance = formatDistance(place.km, lang);
  if (lang === 'en') return `near ${place.name}, ${country} (${distance})`;
  return `${country} ${place.name} 附近（${distance}）`;
}

/** Works without a network: the default, so maps and SOS details never wait on or fail for lack of one. */
export const offline: Geocoder = {
  name: 'offline',
  reverse: async (lat, lng, lang) => nearTown(lat, lng, lang),
};

const acceptLanguage: Record<Lang, string> = { en: 'en', cn: 'zh-CN,zh', cn2: 'zh-TW,zh-HK,zh' };

/**
 * A Nominatim-compatible reverse geocoder (OpenStreetMap's, or one run in-house). The public one asks
 * for at most one request a second and a user agent; the service keeps to that and caches answers.
 */
export function nominatim(url: string, fetchImpl: typeof fetch = fetch): Geocoder {
  return {
    name: 'nominatim',
    async reverse(lat, lng, lang) {
      const query = new URLSearchParams({
        format: 'jsonv2',
        lat: String(lat),
        lon: String(lng),
        zoom: '18',
        'accept-language': acceptLanguage[lang],
      });
      try {
        const res = await fetchImpl(`${url}?${query}`, {
          headers: { 'User-Agent': 'PTT Console (reverse geocoding for SOS and positions)' },
          signal: AbortSignal.timeout(3000),
        });
        if (!res.ok) return null;
        const body = (await res.json()) as { display_name?: unknown };
        return typeof body.display_name === 'string' && body.display_name.trim() !== ''
          ? body.display_name.slice(0, 300)
          : null;
      } catch {
        return null;
      }
    },
  };
}
