import { describe, expect, it } from 'vitest';
import { searchPlaces } from './place-search.ts';

/** The first place a search answers, in a language. */
const first = (q: string, lang: 'en' | 'cn' | 'cn2' = 'en') => searchPlaces(q, 10, lang)[0];

/** Within about 3 km of a point. */
const near = (p: { lat: number; lng: number } | undefined, lat: number, lng: number) => {
  expect(p).toBeDefined();
  expect(Math.abs((p?.lat ?? 0) - lat)).toBeLessThan(0.03);
  expect(Math.abs((p?.lng ?? 0) - lng)).toBeLessThan(0.03);
};

describe('place search', () => {
  it('finds Hong Kong areas by their Chinese names, traditional or simplified, named in the language', () => {
    const mongKok = first('旺角', 'cn2');
    expect(mongKok).toMatchObject({ name: '旺角', country: 'HK', region: '油尖旺區' });
    near(mongKok, 22.319, 114.169);
    expect(first('九龍', 'cn2')).toMatchObject({ name: '九龍', country: 'HK', region: '' });
    expect(first('九龙', 'cn')).toMatchObject({ name: '九龙', country: 'HK', region: '' });
    near(first('九龙', 'cn'), 22.318, 114.182);
    expect(first('深水埗', 'cn2')).toMatchObject({ name: '深水埗', region: '深水埗區' });
    expect(first('銅鑼灣', 'cn2')?.name).toBe('銅鑼灣');
    expect(first('香港', 'cn')).toMatchObject({ name: '香港', country: 'HK', region: '' });
  });

  it('finds them by English name too, and names them in Chinese for a Chinese reader', () => {
    const mongKok = first('Mong Kok');
    expect(mongKok).toMatchObject({ name: 'Mong Kok', country: 'HK', region: 'Yau Tsim Mong' });
    near(mongKok, 22.319, 114.169);
    expect(first('tsim sha tsui', 'cn2')).toMatchObject({ name: '尖沙咀', region: '油尖旺區' });
    expect(first('causeway bay', 'cn')?.name).toBe('铜锣湾');
    expect(first('Kowloon')).toMatchObject({ name: 'Kowloon', country: 'HK' });
  });

  it('finds mainland divisions by Chinese, English or toneless pinyin, with a sensible point', () => {
    const shenzhen = first('深圳');
    expect(shenzhen).toMatchObject({ name: 'Shenzhen', country: 'CN', region: 'Guangdong' });
    near(shenzhen, 22.545, 114.068);
    expect(first('Shenzhen', 'cn')).toMatchObject({ name: '深圳市', region: '广东省' });
    expect(first('shenzhen', 'cn2')).toMatchObject({ name: '深圳市', region: '廣東省' });
    // Nanshan district lies in Shenzhen: named by its city, within the city's reach.
    const nanshan = searchPlaces('南山区', 10, 'cn').find((p) => p.region === '深圳市');
    expect(nanshan).toMatchObject({ name: '南山区', country: 'CN' });
    near(nanshan, 22.545, 114.068);
    expect(first('南山區', 'cn2')?.name).toBe('南山區');
    expect(first('guangdong')).toMatchObject({ name: 'Guangdong', region: '' });
    near(first('广州', 'cn'), 23.117, 113.25);
  });

  it('still finds the world’s towns in English, and a GeoNames town the divisions name only once', () => {
    expect(first('Kuala Lumpur')).toMatchObject({ name: 'Kuala Lumpur', country: 'MY', region: '' });
    expect(searchPlaces('shenzhen', 10, 'en').filter((p) => p.name === 'Shenzhen')).toHaveLength(1);
    expect(searchPlaces('Zzqxv', 10, 'en')).toEqual([]);
  });
});
