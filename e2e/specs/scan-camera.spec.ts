import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { confirmDialog, phone, shot, signIn } from '../support/browser.ts';
import { writeQrVideo } from '../support/qr-video.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

const ssid = '359100000000701';

describe('scanning with the camera', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ptt-camera-'));
  useServerAndBrowser(() => {
    // Chromium's fake camera plays a still video of a terminal label's QR code.
    const video = join(dir, 'label.y4m');
    writeQrVideo(video, `IMEI:${ssid}`);
    return [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ];
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a label once, refuses it shown again, creates a VIP user with permanent functions', async () => {
    const page = await phone(browser, server.url);
    await signIn(page, server, 'agent', 'agent01', 'agent123');
    await page.goto('/scanCodeAdd');
    await page.getByTestId('batch-type-1').click();
    await page.getByTestId('batch-org-button').click();
    await page.getByTestId('batch-org-sheet').getByText('Demo_Company').click();
    await page.getByTestId('batch-org-sheet').waitFor({ state: 'hidden' });
    await page.locator('#batch-prefix').fill('Cam');

    // Chromium on Linux has no BarcodeDetector, so this is ZXing reading video frames.
    await page.getByTestId('scan-camera').click();
    await page.getByText(`Added ${ssid}`).waitFor();
    await shot(page, 'scan-camera-en');
    // The label stays in view: a few seconds later it counts as a repeated scan, shown over the camera.
    await page.getByText('Do not scan the code repeatedly').waitFor();
    await page.getByRole('button', { name: 'Stop scanning' }).click();
    assert.equal(await page.getByTestId('scan-count').textContent(), '1 of 100 scanned');

    await page.getByTestId('scan-next').click();
    await page.getByTestId('scan-create').click();
    await confirmDialog(page, /^Create 1 user with 1 VIP card\?/, 'Create', /Your balance: \d+ → \d+/);
    await page.getByTestId('batch-created').getByText('Cam1').waitFor();
    assert.equal(await page.getByTestId('created-password').count(), 1);

    // VIP users have recording, location, SOS and fence for good (year 2035 and later reads 'Permanent').
    await page.goto('/userList');
    await page.locator('.adm-search-bar input').fill(ssid);
    await page.locator('.adm-search-bar input').press('Enter');
    await page.getByTestId(`user-${ssid}`).click();
    await page.getByTestId('user-detail').waitFor();
    for (const fn of ['recording', 'location', 'sos', 'fence']) {
      assert.equal(await page.getByTestId(`expiry-${fn}`).textContent(), 'Permanent', fn);
    }
    await shot(page, 'user-detail-vip-en');
  });
});
