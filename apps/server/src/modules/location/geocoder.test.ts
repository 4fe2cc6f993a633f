import { describe, expect, it } from 'vitest';
import { nearestPlace } from './gazetteer.ts';
import { formatCoordinates, formatDistance, nominatim, offline } from './geocoder.ts';

describe('offline geocoder', () => {
  it('names the nearest town, its country and how far it is, in each language', async () => {
    expect(await offline.reverse(22.3193, 114.1694, 'en')).toBe('near Kowloon, Hong Kong SAR China (1.5 km)');
    expect(await offline.reverse(22.3193, 114.1694, 'cn')).toBe(
      '中国香港特别行政区 Kowloon 附近（1.5 公里）',
    );
    expect(await offline.reverse(22.3193, 114.1694, 'cn2')).toBe(
      '中國香港特別行政區 Kowloon 附近（1.5 公里）',
    );
  });

  it('finds the nearest place of the gazetteer anywhere, out at sea too', () => {
    expect(nearestPlace(22.543, 114.057)).toMatchObject({ name: 'Shenzhen', country: 'CN' });
    expect(nearestPlace(25.033, 121.565)).toMatchObject({ name: 'Taipei', country: 'TW' });
    expect(nearestPlace(-33.87, 151.21)).toMatchObject({ name: 'Sydney', country: 'AU' });
    const sea = nearestPlace(0, -150);
    expect(sea?.km).toBeGreaterThan(500);
  });

  it('gives metres under a kilometre and whole kilometres far away', () => {
    expect(formatDistance(0.347, 'en')).toBe('350 m');
    expect(formatDistance(0.347, 'cn')).toBe('350 米');
    expect(formatDistance(12.34, 'cn2')).toBe('12.3 公里');
    expect(formatDistance(847.9, 'en')).toBe('848 km');
  });

  it('keeps coordinates with hemispheres as the last resort', () => {
    expect(formatCoordinates(22.3193, 114.1694, 'en')).toBe('22.31930° N, 114.16940° E');
    expect(formatCoordinates(-33.8688, -70.1, 'en')).toBe('33.86880° S, 70.10000° W');
    expect(formatCoordinates(22.3193, 114.1694, 'cn')).toBe('北纬22.31930°，东经114.16940°');
    expect(formatCoordinates(22.3193, 114.1694, 'cn2')).toBe('北緯22.31930°，東經114.16940°');
  });
});

describe('nominatim geocoder', () => {
  const answering = (status: number, body: unknown) => {
    const urls: string[] = [];
    const fake = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status });
    }) as unknown as typeof fetch;
    return { fake, urls };
  };

  it('asks for the point in the language and returns the display name', async () => {
    const { fake, urls } = answering(200, { display_name: 'Nathan Road, Kowloon, Hong Kong' });
    const g = nominatim('https://geo.example/reverse', fake);
    expect(await g.reverse(22.3, 114.17, 'cn2')).toBe('Nathan Road, Kowloon, Hong Kong');
    expect(urls[0]).toContain('lat=22.3');
    expect(urls[0]).toContain('lon=114.17');
    expect(urls[0]).toContain('accept-language=zh-TW');
  });

  it('returns null on a failure, an error status or an empty answer', async () => {
    const failing = (async () => {
      throw new Error('offline');
    }) as unknown as typeof fetch;
    expect(await nominatim('https://geo.example/reverse', failing).reverse(1, 2, 'en')).toBeNull();
    expect(await nominatim('u', answering(500, {}).fake).reverse(1, 2, 'en')).toBeNull();
    expect(
      await nominatim('u', answering(200, { error: 'Unable to geocode' }).fake).reverse(1, 2, 'en'),
    ).toBeNull();
  });
});
