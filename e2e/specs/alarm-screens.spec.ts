import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phone, settled, shot, signIn, streamOpen } from '../support/browser.ts';
import { deviceOf } from '../support/device.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

const languages = [
  ['en', 'SOS alarm'],
  ['zh-Hant', 'SOS 緊急求救'],
  ['zh-Hans', 'SOS 紧急求救'],
] as const;

describe('what an agent and a company see of alarms and missing functions', () => {
  useServerAndBrowser();

  it('tells an agent of a customer’s SOS by a banner, not the full screen, on a 320 px phone', async () => {
    const page = await phone(browser, server.url);
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, server, 'agent', 'agent01', 'agent123');
    await page.getByTestId('home-agent').waitFor();
    const radio = await deviceOf(server, 'company01', 2);
    for (const [lang, title] of languages) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const open = streamOpen(page);
      await page.goto('/home');
      await page.getByTestId('home-agent').waitFor();
      await open;
      await radio.device.sos(22.3193, 114.1694, new Date());
      const banner = page.getByTestId('sos-banner');
      await banner.getByText(title).waitFor();
      assert.equal(await page.getByTestId('sos-alarm').count(), 0, 'no full-screen alarm for an agent');
      assert.match((await page.getByTestId('sos-banner-text').textContent()) ?? '', /Demo_Company/);
      await page.getByTestId('sos-badge').waitFor();
      await shot(page, `agent-sos-banner-${lang.toLowerCase()}-320`);
      await page.getByTestId('sos-banner-close').click();
    }

    // The agent's fence list: no false error, each fence names its company.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/fencelist');
    await page.getByTestId('fence-row-company').first().getByText('Demo_Company').waitFor();
    await settled(page);
    assert.equal(await page.locator('.adm-toast-mask').count(), 0, 'no error toast');
    assert.equal(await page.getByTestId('fence-server').count(), 0);
    await shot(page, 'agent-fence-list-en-320');
  });

  it('says on the company’s user detail why a radio cannot raise SOS', async () => {
    const radio5 = await deviceOf(server, 'company01', 4);
    const refused = await radio5.device.sos(22.3193, 114.1694, new Date()).then(
      () => null,
      (e: { code: number }) => e.code,
    );
    assert.equal(refused, 40302);
    const page = await phone(browser, server.url);
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, server, 'org', 'company01', 'company123');
    for (const [lang] of languages) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`/userDetail?id=${radio5.id}`);
      await page.getByTestId('function-note-sos').waitFor();
      await page.getByTestId('function-notes').scrollIntoViewIfNeeded();
      await shot(page, `user-detail-no-sos-${lang.toLowerCase()}-320`);
    }
    await page.goto('/fencelist');
    await page.getByTestId('fence-server').waitFor();
    await shot(page, 'org-fence-list-zh-hans-320');
  });
});
