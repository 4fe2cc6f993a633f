import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api } from '@ptt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from '../harness.ts';

const inline = "document.documentElement.dataset.ready='1'";
const page = `<!doctype html><html><head><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div><script>${inline}</script></body></html>`;

/** What a scanner looks for on every answer: a strict CSP, no framing, no sniffing, no referrer. */
describe.each(backends)('security headers on %s', (backend) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'ptt-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'export {}');
    writeFileSync(join(dist, 'sw.js'), "self.addEventListener('push', () => {});");
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"PTT Console"}');
    t = await startTestApp(backend, {
      WEB_DIST: dist,
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  }, 30_000);

  const directives = (csp: string) =>
    new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values] as [string, string[]];
      }),
    );

  it.each([
    ['the app’s HTML', '/'],
    ['a page of the app', '/home'],
    ['an asset', '/assets/app-1.js'],
    ['the service worker', '/sw.js'],
    ['the web manifest', '/manifest.webmanifest'],
    ['an API answer', `${api.auth.getImg.path}`],
    ['a refused API call', `${api.terminal.list.path}?page=1&size=20`],
    ['a device answer', `${api.device.login.path}?ssid=1&password=2`],
    ['the API docs', '/docs/'],
    ['an unknown API path', '/v1/nothing/here'],
  ])('sends them on %s', async (_, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
    expect(csp.get('img-src')).toContain('https://*.tiles.example.org');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    if (url.startsWith('/v1/') || url.startsWith('/device/'))
      expect(res.headers['cache-control']).toBe('no-store');
  });

  it('allows only the inline scripts the served page has', async () => {
    const csp = directives(
      String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']),
    );
    expect((csp.get('script-src') ?? []).filter((s) => s.startsWith("'sha256-"))).toHaveLength(1);
  });

  it('serves the service worker and the manifest with their types, never cached stale', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['service-worker-allowed']).toBe('/');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });
});
