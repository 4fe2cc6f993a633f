import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inArray, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { terminals } from '../../apps/server/src/db/schema.ts';
import { phone, shot, signIn } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

// Three demo radios whose voice service runs out in ten days; the other three stay a year away.
const due = ['861234567890001', '861234567890002', '861234567890003'];
const renewed = due.slice(0, 2);

const voiceBalance = async (page: Page) =>
  Number(
    ((await page.getByTestId('card-voice').locator('.balance__value').textContent()) ?? '').replace(/,/g, ''),
  );

const voiceExpiries = async (ssids: string[]) =>
  (
    await server.db
      .select({ ssid: terminals.ssid, voice: sql<string>`${terminals.voiceExpires}::text` })
      .from(terminals)
      .where(inArray(terminals.ssid, ssids))
  ).sort((a, b) => a.ssid.localeCompare(b.ssid));

describe('the expiry radar and bulk renewal', () => {
  useServerAndBrowser();

  it('renews chosen terminals from the radar: the cost against the balance, then they leave the window', async () => {
    await server.db
      .update(terminals)
      .set({ voiceExpires: sql`current_date + 10` })
      .where(inArray(terminals.ssid, due));
    const before = await voiceExpiries(due);

    const page = await phone(browser, server.url);
    await signIn(page, server, 'agent', 'agent01', 'agent123');
    const balance = await voiceBalance(page);
    assert.ok(balance > 0);
    // The home's Expiring row counts the three due within 30 days.
    const row = page.getByTestId('row-expiring');
    await row.getByTestId('expiring-badge').getByText('3', { exact: true }).waitFor();
    await row.click();

    await page.getByTestId('expiring-page').waitFor();
    assert.equal(await page.getByTestId('window-30').getAttribute('aria-selected'), 'true');
    for (const ssid of due) await page.getByTestId(`expiring-${ssid}`).waitFor();
    // Only the three due: the radios a year away are not on the radar.
    assert.equal(await page.getByTestId('expiring-rows').locator('li').count(), 3);
    await page.getByTestId(`expiring-${due[0]}`).getByTestId('due-voice').waitFor();
    await shot(page, 'expiring-en');

    await page.getByTestId('expiring-select').click();
    for (const ssid of renewed) await page.getByTestId(`expiring-${ssid}`).locator('.adm-checkbox').click();
    await page.getByTestId('expiring-count').getByText('2 selected').waitFor();
    await page.getByTestId('expiring-renew').click();

    const sheet = page.getByTestId('renew-sheet');
    await sheet.getByText('Renew 2 users').waitFor();
    // The due function is chosen first, and its cost is set against the balance before anything is spent.
    assert.equal(await sheet.getByTestId('renew-fn-voice').getAttribute('aria-pressed'), 'true');
    await sheet.getByTestId('renew-cost-voice').getByText(`2 Voice cards; you have ${balance}`).waitFor();
    await shot(page, 'renew-sheet-en');
    const confirm = sheet.getByTestId('renew-confirm');
    await confirm.getByText('Renew for 2 cards').waitFor();
    await confirm.click();
    await page.getByText('2 users renewed').waitFor();
    await sheet.waitFor({ state: 'detached' });

    // The renewed two have left the 30-day window; the third is still due.
    await page.getByTestId(`expiring-${renewed[0]}`).waitFor({ state: 'detached' });
    await page.getByTestId(`expiring-${renewed[1]}`).waitFor({ state: 'detached' });
    await page.getByTestId(`expiring-${due[2]}`).waitFor();

    // Each renewed expiry ran a year on from the date it had; the third kept its own.
    const after = await voiceExpiries(due);
    for (const [i, row] of after.entries()) {
      const was = new Date(`${before[i]?.voice}T00:00:00Z`);
      if (renewed.includes(row.ssid)) was.setUTCFullYear(was.getUTCFullYear() + 1);
      assert.equal(row.voice, was.toISOString().slice(0, 10), row.ssid);
    }

    // Home: the badge counts the one left, and the balance fell by the two cards.
    await page.goto('/home');
    await page
      .getByTestId('row-expiring')
      .getByTestId('expiring-badge')
      .getByText('1', { exact: true })
      .waitFor();
    await page
      .getByTestId('card-voice')
      .getByText(String(balance - 2))
      .waitFor();
    assert.equal(await voiceBalance(page), balance - 2);
  });

  it('a company asks its agent to renew chosen users; the agent’s notice opens its radar on them, chosen', async () => {
    await server.db
      .update(terminals)
      .set({ voiceExpires: sql`current_date + 10` })
      .where(inArray(terminals.ssid, due));
    const asked = due.slice(1);

    const company = await phone(browser, server.url);
    await signIn(company, server, 'org', 'company01', 'company123');
    await company.goto('/expiring');
    await company.getByTestId('expiring-page').waitFor();
    for (const ssid of due) await company.getByTestId(`expiring-${ssid}`).waitFor();
    await company.getByTestId('expiring-select').click();
    for (const ssid of asked) await company.getByTestId(`expiring-${ssid}`).locator('.adm-checkbox').click();
    await company.getByTestId('expiring-count').getByText('2 selected').waitFor();
    await company.getByTestId('expiring-ask').click();
    await company.getByText('Your agent has been asked to renew 2 users').waitFor();
    await company.getByTestId('expiring-actions').waitFor({ state: 'detached' });
    await company.context().close();

    const agent = await phone(browser, server.url);
    await signIn(agent, server, 'agent', 'agent01', 'agent123');
    await agent.goto('/notice');
    const notice = agent.getByTestId('notice-row').filter({ hasText: 'asks you to renew 2 users' });
    await notice.getByText('Renewal request').waitFor();
    await notice.click();
    await agent.getByTestId('expiring-page').waitFor();
    await agent.getByTestId('expiring-notice').getByText('Asked by the company: 2 users still due').waitFor();
    await agent.getByTestId('expiring-count').getByText('All 2 users in this window').waitFor();
    // The radar lists the two the company named, not the third radio due in the same window.
    for (const ssid of asked) await agent.getByTestId(`expiring-${ssid}`).waitFor();
    assert.equal(await agent.getByTestId('expiring-rows').locator('li').count(), 2);
    await shot(agent, 'expiring-asked-en');
    await agent.getByTestId('expiring-renew').click();
    await agent.getByTestId('renew-sheet').getByText('Renew 2 users').waitFor();
    await agent.context().close();
  });
});
