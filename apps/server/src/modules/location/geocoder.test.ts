import { describe, expect, it } from 'vitest';
import { formatCoordinates, nominatim, offline } from './geocoder.ts';

describe('offline geocoder', () => {
  it('formats coordinates with hemispheres in each language', async () => {
    expect(await offline.reverse(22.3193, 114.1694, 'en')).toBe('22.31930° N, 114.16940° E');
    expect(await offline.reverse(-33.8688, -70.1, 'en')).toBe('33.86880° S, 70.10000° W');
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
