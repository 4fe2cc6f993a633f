import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { confirmDialog, passGuard, phone, shot, signIn } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

const typed = ['359100000000001', '359100000000002', '359100000000003'];
const scanned = ['359100000000004', '359100000000005'];
const replacement = '359100000000099';

/** A photo of a terminal label: a QR code holding 'IMEI:<ssid>'. */
const qrPhoto = async (ssid: string) => ({
  name: `${ssid}.png`,
  mimeType: 'image/png',
  buffer: await QRCode.toBuffer(`IMEI:${ssid}`, { width: 360, margin: 4 }),
});

const pickCompany = async (page: Page, id: string) => {
  await page.getByTestId(`${id}-button`).click();
  await page.getByTestId(`${id}-sheet`).getByText('Demo_Company').click();
  await page.getByTestId(`${id}-sheet`).waitFor({ state: 'hidden' });
};

describe('terminals and groups', () => {
  useServerAndBrowser();

  it('creates users by input and by scanned photos, groups them, changes a card and renews', async () => {
    const page = await phone(browser, server.url, { clock: true });
    await signIn(page, server, 'agent', 'agent01', 'agent123');

    // Batch by input: the form rules first, then three SSIDs.
    await page.getByTestId('tab-scan').click();
    await page.getByTestId('scan-code-add').waitFor();
    await page.getByTestId('scan-next').click();
    await page.getByText('Please select a user type').waitFor();
    await page.getByTestId('batch-type-0').click();
    await pickCompany(page, 'batch-org');
    await page.locator('#batch-prefix').fill('Car');
    await page.getByTestId('mode-input').click();
    // A 16th digit stays in the row (nothing cuts it off) and the SSID rule refuses it.
    await page.locator('#input-ssid-0').fill(`${typed[0]}7`);
    assert.equal(await page.locator('#input-ssid-0').inputValue(), `${typed[0]}7`);
    await page.getByTestId('input-create').click();
    await page.getByText('SSID(IMEI): exactly 15 digits').waitFor();
    for (const [i, ssid] of typed.entries()) {
      if (i > 0) await page.getByTestId('input-add-row').click();
      await page.locator(`#input-ssid-${i}`).fill(ssid);
    }
    await shot(page, 'batch-input-en');
    await page.getByTestId('input-create').click();
    await confirmDialog(
      page,
      /^Create 3 users with 3 Voice cards, one each\?/,
      'Create',
      /Your balance: \d+ → \d+/,
    );
    await page.getByTestId('batch-created').waitFor();
    assert.equal(await page.getByTestId('created-password').count(), 3);
    await shot(page, 'batch-created-en');
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('created-csv').click(),
    ]);
    const csv = await readFile((await saved.path()) as string, 'utf8');
    assert.equal(csv.charCodeAt(0), 0xfeff);
    const passwords = await page.getByTestId('created-password').allTextContents();
    assert.match(csv, new RegExp(`Car1,${typed[0]},${passwords[0]}\r\n`));

    // Batch by scan: two photos of QR codes; a repeated one is refused; the list survives leaving.
    // The page comes back as it was left, in input mode, its rows emptied by the batch.
    await page.goto('/scanCodeAdd');
    assert.equal(await page.locator('#input-ssid-0').inputValue(), '');
    await page.getByTestId('mode-scan').click();
    await page.getByTestId('scan-panel').waitFor();
    for (const ssid of scanned) {
      await page.getByTestId('scan-photo').setInputFiles(await qrPhoto(ssid));
      await page.getByTestId('scan-latest').getByText(ssid).waitFor();
    }
    await page.getByTestId('scan-photo').setInputFiles(await qrPhoto(scanned[0] as string));
    await page.getByText('Do not scan the code repeatedly').waitFor();
    await pickCompany(page, 'batch-org');
    // Each batch numbers its names from 1, so this one gets its own prefix.
    await page.locator('#batch-prefix').fill('Van');
    await page.goto('/home');
    await page.goto('/scanCodeAdd');
    assert.equal(await page.getByTestId('scan-count').textContent(), '2 of 100 scanned');
    await shot(page, 'scan-code-add-en');
    await page.getByTestId('scan-view-list').click();
    await page
      .getByTestId('scan-detail')
      .getByText(scanned[1] as string)
      .waitFor();
    await page.goto('/scanCodeAdd');
    await page.getByTestId('scan-next').click();
    await page.getByTestId('scan-confirm').waitFor();
    await shot(page, 'scan-confirm-en');
    await page.getByTestId('scan-create').click();
    await confirmDialog(page, /^Create 2 users with 2 Voice cards/, 'Create');
    await page.getByTestId('batch-created').getByText('Van2').waitFor();
    assert.equal(await page.getByTestId('created-password').count(), 2);

    // The five users in a new group.
    await page.goto('/groupAdd');
    await pickCompany(page, 'group-add-org');
    await page.locator('#group-add-name').fill('Convoy');
    await page.locator('#group-add button[type=submit]').click();
    await page.getByTestId('groups-created').getByRole('link', { name: 'Convoy' }).click();
    await page.getByTestId('group-detail').waitFor();
    await page.getByTestId('to-un-members').click();
    for (const ssid of [...typed, ...scanned]) await page.getByTestId(`check-${ssid}`).click();
    await page.getByTestId('add-priority').selectOption('2');
    await page.getByTestId('add-members').click();
    await page.getByTestId('group-members').waitFor();
    await page.getByTestId(`member-${scanned[1]}`).waitFor();

    // Priorities and a leader.
    await page.getByTestId(`priority-${typed[0]}`).selectOption('5');
    await page.getByText('Saved').first().waitFor();
    await page.getByTestId(`priority-${typed[1]}`).selectOption('1');
    await page.getByTestId(`leader-${typed[0]}`).click();
    await page.getByTestId(`member-${typed[0]}`).getByText('Leader', { exact: true }).waitFor();
    assert.equal(await page.getByTestId(`priority-${typed[0]}`).inputValue(), '5');
    assert.equal(await page.getByTestId(`priority-${typed[1]}`).inputValue(), '1');
    await shot(page, 'group-members-en');

    // A card change moves the user to a new SSID.
    await page.getByTestId(`member-${typed[2]}`).getByRole('link', { name: 'Car3' }).click();
    await page.getByTestId('user-detail').waitFor();
    await page.getByTestId('to-change-card').click();
    await page.locator('#change-card-newSsid').fill(typed[0] as string);
    await page.locator('#change-card button[type=submit]').click();
    // An SSID in use is refused under its field before any question is asked.
    await page.getByText('The entered new SSID(IMEI) is already in use').first().waitFor();
    assert.equal(await page.locator('.adm-dialog').count(), 0);
    await page.locator('#change-card-newSsid').fill(replacement);
    await passGuard(page);
    await page.locator('#change-card button[type=submit]').click();
    await confirmDialog(page, new RegExp(`to ${replacement}\\?`), 'Change card');
    await page.getByTestId('detail-ssid').getByText(replacement).waitFor();

    // Renewing the recording function shows its new expiry, one year on.
    assert.equal(await page.getByTestId('expiry-recording').textContent(), 'Not activated');
    await page.getByTestId('detail-renew').click();
    await page.getByTestId('renew-card-recording').click();
    await page
      .getByTestId('renew-balance')
      .getByText(/Your Recording balance: \d+/)
      .waitFor();
    await page.getByTestId('renew-submit').click();
    await confirmDialog(page, 'Use 1 Recording card to renew 1 user?', 'Confirm', /Your balance: \d+ → \d+/);
    await page.getByTestId('user-detail').waitFor();
    const year = new Date().getFullYear() + 1;
    await page
      .getByTestId('expiry-recording')
      .getByText(new RegExp(`until ${year}-`))
      .waitFor();
    await shot(page, 'user-detail-en');

    // The user list finds the renamed card by its SSID.
    await page.goto('/userList');
    await page.locator('.adm-search-bar input').fill(replacement);
    await page.locator('.adm-search-bar input').press('Enter');
    await page.getByTestId(`user-${replacement}`).waitFor();
    await page.getByTestId('user-select').click();
    await page.getByTestId(`user-${replacement}`).click();
    await page.getByTestId('user-actions').getByText('1 selected').waitFor();
    await shot(page, 'user-list-en');

    // The same screens in Traditional Chinese.
    await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
    await page.goto('/scanCodeAdd');
    await page.getByText('創建用戶').first().waitFor();
    await shot(page, 'scan-code-add-zh-hant');
    await page.goto('/groupList');
    await page.getByTestId('group-Convoy').click();
    await page.getByTestId('to-members').click();
    await page.getByTestId(`member-${typed[0]}`).getByText('組長', { exact: true }).waitFor();
    await shot(page, 'group-members-zh-hant');
  });
});
