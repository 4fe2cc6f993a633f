import type { Lang } from '@ptt/contract';

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

/** The offline answer: coordinates to five decimals (about a metre), hemispheres in the language. */
export function formatCoordinates(lat: number, lng: number, lang: Lang): string {
  const h = hemispheres[lang];
  const deg = (v: number) => `${Math.abs(v).toFixed(5)}°`;
  if (lang === 'en') return `${deg(lat)} ${lat < 0 ? h.s : h.n}${h.sep}${deg(lng)} ${lng < 0 ? h.w : h.e}`;
  return `${lat < 0 ? h.s : h.n}${deg(lat)}${h.sep}${lng < 0 ? h.w : h.e}${deg(lng)}`;
}

/** Works without a network: the default, so maps and SOS details never wait on or fail for lack of one. */
export const offline: Geocoder = {
  name: 'offline',
  reverse: async (lat, lng, lang) => formatCoordinates(lat, lng, lang),
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
