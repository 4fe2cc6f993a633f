import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pcmWav } from '@ptt/simulator';
import type { Page } from 'playwright-core';
import { phone, shot, signIn, streamOpen, toastsGone } from '../support/browser.ts';
import { deviceOf } from '../support/device.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

const badge = (page: Page) => page.getByTestId('sos-badge');

/** Opens the first unprocessed SOS of the list and processes it with a remark. */
async function processFirst(page: Page, remark: string) {
  await page.getByTestId('row-sos').click();
  await page.getByTestId('sos-status-unprocessed').click();
  await page.locator('[data-testid=sos-row][data-status="0"]').first().click();
  await page.getByTestId('sos-detail').waitFor();
  await page.locator('#sos-remark').fill(remark);
  await page.getByTestId('sos-process').click();
  await page.locator('.adm-dialog-footer button').last().click();
  await page.getByTestId('sos-processor').waitFor();
}

describe('SOS alarms and recordings of a company', () => {
  useServerAndBrowser();

  it('shows a terminal’s SOS on the home badge, opens and processes it, and the badge clears', async () => {
    const page = await phone(browser, server.url);
    const open = streamOpen(page);
    await signIn(page, server, 'org', 'company01', 'company123');
    // The demo company starts with one open SOS.
    await badge(page).getByText('1', { exact: true }).waitFor();
    await open;

    const radio = await deviceOf(server, 'company01', 2);
    await radio.device.sos(22.3193, 114.1694, new Date());
    await badge(page).getByText('2', { exact: true }).waitFor();
    // The console's event stream is open, so the SOS also takes the screen; acknowledging it opens its detail.
    await page.getByTestId('sos-alarm').waitFor();
    await page.getByTestId('sos-alarm-ack').click();
    await page.waitForURL('**/sosDetail?id=*');
    await page.goBack();
    await badge(page).getByText('2', { exact: true }).waitFor();
    await shot(page, 'sos-home-badge-en');

    await page.getByTestId('row-sos').click();
    await page.getByTestId('sos-list').waitFor();
    const first = page.getByTestId('sos-row').first();
    assert.match((await first.textContent()) ?? '', new RegExp(radio.name));
    await shot(page, 'sos-list-en');
    await first.click();
    await page.getByTestId('sos-map').waitFor();
    assert.match(
      (await page.getByTestId('sos-address').textContent()) ?? '',
      /^near Kowloon, Hong Kong SAR China/,
    );
    // A remark over 100 characters is refused before anything is sent.
    await page.locator('#sos-remark').fill('x'.repeat(101));
    await page.getByTestId('sos-process').click();
    await page.locator('.field__error').waitFor();
    await page.locator('#sos-remark').fill('Called the driver; all safe.');
    await page.getByTestId('sos-process').click();
    await page.locator('.adm-dialog-footer button').last().click();
    assert.equal(await page.getByTestId('sos-processor').textContent(), 'Demo_Company');
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
    await toastsGone(page);
    await shot(page, 'sos-detail-processed-en');

    await page.goto('/home');
    await badge(page).getByText('1', { exact: true }).waitFor();
    await processFirst(page, 'Seen on site');
    await page.goto('/home');
    await page.getByTestId('row-sos').waitFor();
    await badge(page).waitFor({ state: 'detached' });

    // The same screens in Traditional Chinese.
    await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
    await page.goto('/sosrdingList');
    await page.getByText('SOS 記錄').first().waitFor();
    await page.getByTestId('sos-row').first().waitFor();
    await shot(page, 'sos-list-zh-hant');
    await page.getByTestId('sos-row').first().click();
    await page.getByTestId('sos-processor').waitFor();
    await shot(page, 'sos-detail-zh-hant');
  });

  it('lists an uploaded talk burst, plays it in the page and offers the download', async () => {
    const radio = await deviceOf(server, 'company01', 3);
    const tone = pcmWav(8000 * 3, 8000, (i) => Math.sin((2 * Math.PI * 440 * i) / 8000) * 8000);
    await radio.device.recording(radio.groups[0].id, new Date(), 3, tone);

    const page = await phone(browser, server.url);
    await signIn(page, server, 'org', 'company01', 'company123');
    await page.getByTestId('row-recording').click();
    const row = page.getByTestId('recording-row').filter({ hasText: radio.name }).first();
    await row.waitFor();
    await shot(page, 'recording-list-en');
    await row.getByTestId('player-toggle').click();
    await row.locator('[data-playing=true]').waitFor();
    await page.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid=player-progress]')?.getAttribute('aria-valuenow')) >= 1,
    );
    const href = await row.getByTestId('recording-download').getAttribute('href');
    assert.match(href ?? '', /\/v1\/recording\/download\?id=\d+/);
    const audio = await page.request.get(href as string);
    assert.equal(audio.status(), 200);
    assert.equal((await audio.body()).subarray(0, 4).toString('latin1'), 'RIFF');
    await shot(page, 'recording-playing-en');

    await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
    await page.goto('/recordingList');
    await page.getByText('錄音記錄').first().waitFor();
    await page.getByTestId('recording-row').first().waitFor();
    await shot(page, 'recording-list-zh-hant');
  });

  it('shows a user’s location track, and says so when there is none', async () => {
    const radio = await deviceOf(server, 'company01', 4);
    const now = Date.now();
    await radio.device.positions(
      [0, 1, 2, 3].map((i) => ({
        lat: 22.31 + i * 0.001,
        lng: 114.17,
        time: new Date(now - (4 - i) * 60_000),
      })),
    );
    const page = await phone(browser, server.url);
    await signIn(page, server, 'org', 'company01', 'company123');
    await page.getByTestId('count-user').click();
    await page.getByTestId(`user-${radio.ssid}`).click();
    await page
      .getByTestId('last-position')
      .getByText(/^near .+, Hong Kong SAR China \(/)
      .waitFor();
    await shot(page, 'user-detail-last-position-en');
    await page.getByTestId('to-track').click();
    await page.getByTestId('track-map').waitFor();
    assert.match((await page.getByTestId('track-summary').textContent()) ?? '', /4 positions/);
    // The range is picked with antd-mobile's picker, shown in the app's language, not the browser's input.
    assert.equal(await page.locator('input[type="datetime-local"]').count(), 0);
    assert.match(
      (await page.locator('#track-from').textContent()) ?? '',
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/,
    );
    await page.locator('#track-from').click();
    const picker = page.locator('.adm-picker').filter({ hasText: 'From' });
    await picker.locator('.adm-picker-view-column').first().waitFor();
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await shot(page, 'location-track-en');
    const trackUrl = page.url();

    const quiet = await deviceOf(server, 'company01', 5);
    const detail = await server.db.query.terminals.findFirst({
      where: (t, { eq }) => eq(t.ssid, quiet.ssid),
    });
    await page.goto(`/locationTrack?id=${detail?.id}`);
    await page.getByText('No location track').waitFor();
    await shot(page, 'location-track-empty-en');

    await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
    await page.goto(trackUrl);
    await page.getByText('定位軌跡').first().waitFor();
    await page.getByTestId('track-map').waitFor();
    await shot(page, 'location-track-zh-hant');
  });
});
