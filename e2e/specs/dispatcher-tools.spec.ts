import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { confirmDialog, phone, shot, signIn } from '../support/browser.ts';
import { deviceOf } from '../support/device.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

const languages = ['zh-Hant', 'zh-Hans', 'en'] as const;

describe('what a dispatcher works with: SOS in bulk and a fence drawn beside the others', () => {
  useServerAndBrowser();

  it('processes several SOS at once as false alarms, on a 320 × 568 phone in three languages', async () => {
    // Raised before the console opens: they wait on the list, not on the full-screen alarm.
    for (const index of [0, 2]) {
      const radio = await deviceOf(server, 'company01', index);
      await radio.device.sos(22.3193, 114.1694, new Date());
    }
    const page = await phone(browser, server.url);
    await page.setViewportSize({ width: 320, height: 568 });
    await signIn(page, server, 'org', 'company01', 'company123');
    const open = page.locator('[data-testid=sos-row][data-status="0"]');
    for (const lang of languages) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/sosrdingList');
      await page.getByTestId('sos-list').waitFor();
      await open.first().waitFor();
      await page.getByTestId('sos-select').click();
      await page.getByTestId('sos-batch').waitFor();
      // Only the open ones are offered; the demo's and the two just raised.
      assert.equal(await open.locator('.adm-checkbox').count(), 3);
      await page.getByTestId('sos-select-all').click();
      assert.equal(await open.locator('.adm-checkbox-checked').count(), 3);
      // The batch panel leaves rows in sight above it: a line and a button, not the remark form.
      // The row is brought to the middle of the screen: the panel covers only the bottom of it.
      await open.first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const panel = await page.getByTestId('sos-batch').boundingBox();
      const row = await open.first().boundingBox();
      assert.ok(panel && panel.height < 568 / 3, `the batch panel is ${panel?.height} px high`);
      assert.ok(panel && row && row.y + row.height <= panel.y, 'a row is visible above the batch panel');
      await shot(page, `sos-batch-list-${lang.toLowerCase()}-320`);
      await page.getByTestId('sos-batch-open').click();
      await page.locator('#sos-batch-remark').fill(lang === 'en' ? 'Test presses' : '測試');
      await page.getByTestId('sos-batch-false-alarm').click();
      await shot(page, `sos-batch-${lang.toLowerCase()}-320`);
    }

    await page.getByTestId('sos-batch-process').click();
    await confirmDialog(page, 'Mark 3 SOS as false alarms and processed?', 'Confirm');
    await page.getByText('3 SOS processed').waitFor();
    await page.getByTestId('sos-false-alarm-tag').nth(2).waitFor();
    assert.equal(await open.count(), 0);
    assert.equal(await page.getByTestId('sos-batch').count(), 0);
    await shot(page, 'sos-false-alarms-en-320');

    await page.getByTestId('sos-status-falseAlarms').click();
    await page.getByTestId('sos-row').nth(2).waitFor();
    await page.getByTestId('sos-row').first().click();
    await page.getByTestId('sos-detail').waitFor();
    assert.equal(await page.getByTestId('sos-false-alarm-value').textContent(), 'Yes');
    assert.equal(await page.getByTestId('sos-processor').textContent(), 'Demo_Company');
    await shot(page, 'sos-detail-false-alarm-en-320');
  });

  it('draws the company’s other fences and its users on /fenceEdit, and finds a place by name', async () => {
    const radio = await deviceOf(server, 'company01', 0);
    await radio.device.positions([{ lat: 22.3205, lng: 114.171, time: new Date() }]);
    const page = await phone(browser, server.url);
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, server, 'org', 'company01', 'company123');
    for (const lang of languages) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/fenceEdit');
      await page.getByTestId('fence-edit').waitFor();
      const map = page.getByTestId('fence-draw-map');
      await map.locator('.leaflet-container').waitFor();
      // The demo's Harbour fence, named on the map, and the radio's dot.
      await map.locator('.leaflet-tooltip', { hasText: 'Harbour' }).first().waitFor();
      // A redraw's old label fades out; one stays.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid=fence-draw-map] .leaflet-tooltip')].filter((el) =>
            el.textContent?.includes('Harbour'),
          ).length === 1,
      );
      await page.getByTestId('fence-context').waitFor();
      // Screen-reader names in the screen's language: none of the UI kit's or Leaflet's English ones.
      if (lang !== 'en') {
        const english =
          '[aria-label="Switch"], [aria-label="Search Bar"], [title="Zoom in"], [title="Zoom out"]';
        assert.equal(await page.locator(english).count(), 0);
        assert.equal(await page.getByRole('switch').getAttribute('aria-label'), '永久');
      }
      await map.scrollIntoViewIfNeeded();
      await shot(page, `fence-edit-context-${lang.toLowerCase()}-320`);
    }
    assert.match(
      (await page.getByTestId('fence-context').textContent()) ?? '',
      /other fences \(1\) and its users’ last positions \([1-9]\d*\)/,
    );

    await page.locator('#place-q').fill('Kowloon');
    await page.locator('#place-q').press('Enter');
    const hit = page.getByTestId('place-hit').first();
    await hit.waitFor();
    assert.match((await hit.textContent()) ?? '', /^Kowloon · Hong Kong SAR China$/);
    await hit.click();
    await page.getByTestId('place-picked').getByText('The map shows Kowloon').waitFor();
    // Enter searched; it did not save the fence (no rule message under the name).
    assert.equal(await page.getByText('Fence name: 1-15 characters').count(), 0);
    await shot(page, 'fence-edit-place-en-320');
  });
});
