import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from '@ptt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Session, startTestApp, type TestApp, useTestApp } from './harness.ts';

describe.each(backends)('reverse geocoding through a Nominatim-like provider on %s', (backend) => {
  let t: TestApp;
  let provider: Server;
  let company: Session;
  const asked: string[] = [];
  let up = true;
  beforeAll(async () => {
    provider = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (!up) {
        res.writeHead(503).end();
        return;
      }
      const lang = new URL(req.url ?? '', 'http://x').searchParams.get('accept-language') ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          display_name: lang.startsWith('zh-TW') ? '香港九龍彌敦道' : 'Nathan Road, Kowloon',
        }),
      );
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    t = await startTestApp(backend, {
      GEOCODER: 'nominatim',
      GEOCODER_URL: `http://127.0.0.1:${port}/reverse`,
    });
    company = await t.login(1, 'company01', 'company123');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  const lookup = async (lat: number, lng: number, lang = 'en') =>
    (await t.call(api.location.address, { lat, lng, lang }, company)).data.address;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 1100));

  it('asks the provider once per point and language, then answers from the cache', async () => {
    expect(await lookup(22.3, 114.17)).toBe('Nathan Road, Kowloon');
    expect(await lookup(22.300001, 114.170001)).toBe('Nathan Road, Kowloon');
    expect(asked).toHaveLength(1);
    await pause();
    expect(await lookup(22.3, 114.17, 'cn2')).toBe('香港九龍彌敦道');
    expect(asked).toHaveLength(2);
  });

  it('keeps to one request a second, answering the nearest town meanwhile', async () => {
    await pause();
    expect(await lookup(22.4, 114.2)).toBe('Nathan Road, Kowloon');
    expect(await lookup(22.5, 114.2)).toBe('near Tai Po, Hong Kong SAR China (6.4 km)');
    await pause();
    expect(await lookup(22.5, 114.2)).toBe('Nathan Road, Kowloon');
  });

  it('falls back to the nearest town when the provider fails, and does not cache that', async () => {
    await pause();
    up = false;
    expect(await lookup(10, 20)).toBe('near Am Timan, Chad (119 km)');
    up = true;
    await pause();
    expect(await lookup(10, 20)).toBe('Nathan Road, Kowloon');
  });
});

describe.each(backends)('offline addresses from the gazetteer on %s', (backend) => {
  const { t, company } = useTestApp(backend, { sessions: ['company'] });

  it('names the nearest town in each language, never bare coordinates', async () => {
    const lookup = async (lang: string) =>
      (await t.call(api.location.address, { lat: 22.3193, lng: 114.1694, lang }, company)).data.address;
    expect(await lookup('en')).toBe('near Kowloon, Hong Kong SAR China (1.5 km)');
    expect(await lookup('cn')).toBe('中国香港特别行政区 Kowloon 附近（1.5 公里）');
    expect(await lookup('cn2')).toBe('中國香港特別行政區 Kowloon 附近（1.5 公里）');
  });
});
