import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { passGuard, phone, shot, signIn } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

const fill = async (page: Page, form: string, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) await page.locator(`#${form}-${name}`).fill(value);
  await page.locator(`#${form} button[type=submit]`).click();
};

/** The stored language applies from the next page load, as after the switch on the personal center. */
const useLanguage = (page: Page, lang: 'en' | 'zh-Hant' | 'zh-Hans') =>
  page.evaluate((value) => localStorage.setItem('lang', value), lang);

/** A full-page shot from the top, so the sticky header sits where a person sees it. */
const snap = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
};

const voiceOnStrip = (page: Page) => page.getByTestId('card-voice');

describe('agents, companies and the service-card ledger', () => {
  useServerAndBrowser();

  it('creates a sub-agent and a company, sells, recycles, records and exports', async () => {
    const page = await phone(browser, server.url, { clock: true });
    await signIn(page, server, 'agent', 'agent01', 'agent123');
    // agent01 starts with 1000 voice cards: 50 sold to the demo sub-agent, 6 used for demo users.
    await voiceOnStrip(page).getByText('944').waitFor();

    await page.getByTestId('tile-agent-add').click();
    await page.getByTestId('agent-add').waitFor();
    await fill(page, 'agent-add', { name: 'x' });
    await page.getByText('Agent name: 4-20').waitFor();
    await snap(page, 'agent-add-en');
    await fill(page, 'agent-add', {
      name: 'NewReseller',
      contact: 'Ivy',
      account: 'reseller02',
      password: 'pass1234',
    });
    await page.getByText('Created NewReseller').waitFor();
    await page.getByTestId('agent-detail').getByText('NewReseller').first().waitFor();

    await page.goto('/orgAdd');
    await fill(page, 'org-add', {
      name: 'NewTaxiCo',
      contact: 'Jon',
      account: 'taxico01',
      password: 'pass1234',
    });
    await page.getByTestId('org-detail').getByText('NewTaxiCo').first().waitFor();
    await snap(page, 'org-detail-en');

    await page.goto('/home');
    await page.getByTestId('tab-sales').click();
    await page.getByTestId('sales-add').waitFor();
    await page.getByTestId('choose-agent').click();
    await page.getByTestId('agent-choice').getByText('NewReseller').click();
    await page.getByTestId('sale-card-voice').click();
    await page.getByText('Your balance: 944').waitFor();
    await page.locator('#sale-quantity').fill('945');
    await page.getByTestId('sale-submit').click();
    await page.getByText('The quantity cannot exceed the balance').waitFor();
    await page.locator('#sale-quantity').fill('5');
    await passGuard(page);
    await page.getByTestId('sale-submit').click();
    // Nothing moves before the agent has seen the cost and the balance it leaves.
    const sale = page.locator('.adm-dialog');
    await sale.getByText('Sell 5 Voice cards to NewReseller?').waitFor();
    await sale.getByText('Your balance: 944 → 939').waitFor();
    await snap(page, 'sales-confirm-en');
    await sale.getByRole('button', { name: 'Sell' }).click();
    await page.getByText('Sold 5 Voice cards to NewReseller').waitFor();
    await snap(page, 'sales-add-en');
    await page.goto('/home');
    await voiceOnStrip(page).getByText('939').waitFor();

    // The buyer sees its new balance and an unread notice; it cannot create or list agents.
    const buyer = await phone(browser, server.url);
    await signIn(buyer, server, 'agent', 'reseller02', 'pass1234');
    await voiceOnStrip(buyer).getByText('5').waitFor();
    await buyer.getByTestId('tab-notice').getByText('1 unread').waitFor();
    await buyer.getByTestId('tab-notice').click();
    await buyer.getByTestId('notice-row').getByText('Demo_Agent sold 5 Voice cards to NewReseller').waitFor();
    await snap(buyer, 'notice-en');
    for (const path of ['/agentAdd', '/agentList']) {
      await buyer.goto(path);
      // The refusal is a toast that lives two seconds: it is looked for first, while it shows.
      await buyer.getByText('Only top-level agents can do this').waitFor();
      await buyer.getByTestId('home-agent').waitFor();
      assert.equal(new URL(buyer.url()).pathname, '/home');
    }

    await page.goto('/salesAdd');
    await page.getByTestId('mode-recycle').click();
    await page.getByTestId('sale-card-voice').click();
    await page.getByText('NewReseller holds 5').waitFor();
    await page.locator('#sale-quantity').fill('2');
    await page.getByTestId('sale-submit').click();
    await page.getByText('Take 2 Voice cards back from NewReseller?').waitFor();
    await page.getByText('NewReseller holds: 5 → 3').waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Recycle' }).click();
    await page.getByText('Took 2 Voice cards back from NewReseller').waitFor();
    await page.getByText('NewReseller holds 3').waitFor();
    await buyer.reload();
    await voiceOnStrip(buyer).getByText('3').waitFor();

    await page.goto('/salesRecord');
    await page.locator('[data-testid=record-row][data-kind=recycleIn]').first().waitFor();
    await page.locator('[data-testid=record-row][data-kind=saleOut]').first().waitFor();
    await snap(page, 'sales-record-en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('record-export').click(),
    ]);
    assert.match(download.suggestedFilename(), /\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    assert.equal(csv.charCodeAt(0), 0xfeff);
    assert.match(csv, /Sale,Voice,5,Demo_Agent,NewReseller/);
    assert.match(csv, /Recycle,Voice,2,NewReseller,Demo_Agent/);

    // The same screens in Chinese.
    await useLanguage(page, 'zh-Hant');
    await page.reload();
    await page.getByText('服務卡記錄').first().waitFor();
    await snap(page, 'sales-record-zh-hant');
    const [chinese] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('record-export').click(),
    ]);
    const csvZh = await readFile((await chinese.path()) as string, 'utf8');
    assert.match(csvZh, /銷售,對講卡,5,Demo_Agent,NewReseller/);
    await page.goto('/agentList');
    await page.getByTestId('agent-row').first().waitFor();
    await snap(page, 'agent-list-zh-hant');
    await page.getByTestId('agent-row').filter({ hasText: 'NewReseller' }).click();
    await page.getByTestId('balance-voice').getByText('3').waitFor();
    await snap(page, 'agent-detail-zh-hant');
    await page.goto('/orgList');
    await page.getByTestId('org-row').filter({ hasText: 'NewTaxiCo' }).click();
    await page.getByTestId('org-detail').getByText('NewTaxiCo').first().waitFor();
    await snap(page, 'org-detail-zh-hant');
    await page.goto('/salesAdd');
    await page.getByText('銷售服務卡').waitFor();
    await snap(page, 'sales-add-zh-hant');
    await useLanguage(buyer, 'zh-Hans');
    await buyer.goto('/notice');
    await buyer.getByText('Demo_Agent向NewReseller销售了5张对讲卡').waitFor();
    await buyer.getByTestId('read-all').click();
    await buyer.getByText('所有通知已读').waitFor();
    await snap(buyer, 'notice-zh-hans');
    await buyer.goto('/home');
    await buyer.getByTestId('home-agent').waitFor();
    assert.equal(await buyer.getByTestId('tab-notice').getByText(/未读/).count(), 0);
    await page.close();
    await buyer.close();
  });

  it('edits a sub-agent and a company, and deletes the company after a confirmation', async () => {
    const page = await phone(browser, server.url);
    await signIn(page, server, 'agent', 'agent01', 'agent123');
    await page.goto('/agentList');
    await page.getByTestId('agent-row').filter({ hasText: 'Demo_Subagent' }).click();
    await page.getByTestId('agent-detail').waitFor();
    await page.getByTestId('open-agent-phone').locator('summary').click();
    await fill(page, 'agent-phone', { phone: '12' });
    await page.locator('#agent-phone').getByRole('alert').waitFor();
    await fill(page, 'agent-phone', { phone: '13800138000' });
    await page.locator('.detail-facts').getByText('13800138000').waitFor();
    await snap(page, 'agent-detail-en');

    await page.goto('/orgAdd');
    await fill(page, 'org-add', {
      name: 'Short',
      contact: 'Al',
      account: 'shortlived',
      password: 'pass1234',
    });
    await page.getByTestId('org-detail').waitFor();
    await page.getByTestId('toggle-gps').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=toggle-gps]')?.getAttribute('aria-checked') === 'true',
    );
    await page.getByTestId('org-delete').click();
    await page
      .getByText('Delete Short? It has no users; its 0 groups go with it. This cannot be undone.')
      .waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Delete company' }).click();
    await page.getByText('Deleted Short').waitFor();
    await page.getByTestId('org-list').waitFor();
    assert.equal(await page.getByTestId('org-row').filter({ hasText: 'Short' }).count(), 0);

    // More movements than one page holds: the record loads the next page when scrolled to its end.
    await page.evaluate(async () => {
      const login = JSON.parse(sessionStorage.getItem('loginInfo') ?? '{}');
      for (let i = 0; i < 25; i++) {
        const query = new URLSearchParams({ agentId: '2', cardType: '1', quantity: '1', ...login });
        await fetch(`/v1/agent/blance/add?${query}`, { method: 'POST' });
      }
    });
    await page.goto('/salesRecord');
    const rows = page.getByTestId('record-row');
    await rows.nth(19).waitFor();
    assert.equal(await rows.count(), 20);
    await page.mouse.wheel(0, 20_000);
    await rows.nth(20).waitFor();
    await page.close();
  });
});
