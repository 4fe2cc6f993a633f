import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { phone, shot, signIn } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/**
 * Waits until the service worker is active and controls the page. It claims open pages on activation, but a
 * document still loading at that moment (the login's navigation, say) is left to its next load: reload it then.
 */
const controlled = async (page: Page) => {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') === true,
    undefined,
    { timeout: 30_000, polling: 250 },
  );
};

describe('the installable app', () => {
  useServerAndBrowser();

  it('links a valid web manifest whose icons are served', async () => {
    const page = await phone(browser, server.url, { serviceWorker: true });
    await page.goto('/');
    await page.getByTestId('login-page').waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.equal(href, '/manifest.webmanifest');
    const res = await page.request.get(href);
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-type'] ?? '', /^application\/manifest\+json/);
    const manifest = (await res.json()) as WebManifest;
    assert.equal(manifest.name, 'PTT Console');
    assert.ok(manifest.short_name.length > 0 && manifest.short_name.length <= 12);
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/home');
    assert.equal(manifest.theme_color, '#1677ff');
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort();
    assert.deepEqual(sizes, ['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      assert.equal(image.status(), 200, icon.src);
      assert.equal(image.headers()['content-type'], 'image/png');
    }
    const sw = await page.request.get('/sw.js');
    assert.match(sw.headers()['content-type'] ?? '', /javascript/);
    await page.close();
  });

  it('registers the service worker after the page has loaded', async () => {
    const page = await phone(browser, server.url, { serviceWorker: true });
    await page.goto('/');
    await page.getByTestId('login-page').waitFor();
    await controlled(page);
    const script = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL,
    );
    assert.equal(script, `${server.url}/sw.js`);
    await page.close();
  });

  it('opens offline from the cache with the offline notice, and stays signed in', async () => {
    const page = await phone(browser, server.url, { serviceWorker: true });
    await signIn(page, server, 'org', 'company01', 'company123');
    await page.goto('/main');
    await page.getByTestId('main-page').waitFor();
    await controlled(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('main-page').waitFor();
    await page.getByTestId('offline-notice').waitFor();
    assert.match((await page.getByTestId('offline-notice').textContent()) ?? '', /You are offline/);
    assert.equal(new URL(page.url()).pathname, '/main');
    await shot(page, 'offline-main');
    // A page never opened before comes from the cache too, and its failed calls keep it in place.
    await page.goto('/sosrdingList');
    await page.getByTestId('offline-notice').waitFor();
    assert.equal(new URL(page.url()).pathname, '/sosrdingList');
    await page.context().setOffline(false);
    await page.reload();
    await page.getByTestId('main-page').or(page.locator('body')).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="offline-notice"]'));
    await page.close();
  });
});
