import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inArray, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { terminals } from '../../apps/server/src/db/schema.ts';
import { phone, shot, signIn } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

/** Three demo radios whose voice service lapses within a week, the second first; the rest a year away. */
const lapsing = { '861234567890001': 6, '861234567890002': 3, '861234567890003': 5 };
const soonest = '861234567890002';
const ssids = Object.keys(lapsing);

const languages = ['zh-Hant', 'zh-Hans', 'en'] as const;

const speak = async (page: Page, lang: string) => {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
};

/** The radar's rows as SSIDs, top to bottom. */
const radarRows = (page: Page) =>
  page
    .getByTestId('expiring-rows')
    .locator('[data-testid^="expiring-86"]')
    .evaluateAll((rows) => rows.map((r) => (r.getAttribute('data-testid') ?? '').replace('expiring-', '')));

describe('what a Hong Kong reseller meets on a 320 px phone in traditional Chinese', () => {
  useServerAndBrowser();

  it('leads the radar with the radio that lapses first, finds 旺角 and 九龍, opens a reminder on its radios', async () => {
    for (const [ssid, days] of Object.entries(lapsing))
      await server.db
        .update(terminals)
        .set({ voiceExpires: sql`current_date + ${days}::int` })
        .where(inArray(terminals.ssid, [ssid]));
    const run = await server.reminders();
    assert.ok(run && run.expiryNotices > 0);

    const page = await phone(browser, server.url);
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, server, 'agent', 'agent01', 'agent123');
    await speak(page, 'zh-Hant');

    // The radar: soonest first, without choosing an order.
    await page.goto('/expiring');
    await page.getByTestId(`expiring-${soonest}`).waitFor();
    assert.equal((await radarRows(page))[0], soonest);
    assert.equal(await page.getByTestId('order-asc').getAttribute('aria-pressed'), 'true');
    await shot(page, 'walk-expiring-zh-hant-320');
    // Choosing radios brings the renewal bar to the foot of the screen, within its width.
    await page.getByTestId('expiring-select').click();
    await page.getByTestId('expiring-whole').click();
    const bar = await page.getByTestId('expiring-actions').boundingBox();
    assert.ok(bar, 'the renewal bar is drawn');
    assert.deepEqual([bar.x, Math.round(bar.y + bar.height), bar.width], [0, 640, 320]);
    await page.getByTestId('expiring-select').click();

    // The town search, in Chinese.
    await page.goto('/fenceEdit');
    await page.getByTestId('fence-edit').waitFor();
    for (const [q, name] of [
      ['旺角', /^旺角 · 油尖旺區 · /],
      ['九龍', /^九龍 · 中國香港特別行政區$/],
    ] as const) {
      await page.locator('#place-q').fill(q);
      await page.locator('#place-q').press('Enter');
      // The first search after the start reads the gazetteer: a generous wait, no time limit asserted.
      await page.getByTestId('place-hit').first().getByText(q).waitFor({ timeout: 60_000 });
      assert.match((await page.getByTestId('place-hit').first().textContent()) ?? '', name);
      await page.getByTestId('place-search').scrollIntoViewIfNeeded();
      await shot(page, `walk-place-${q}-zh-hant-320`);
    }

    // The reminder: "within 7 days", and a tap opens the radar on its radios, all chosen.
    await page.goto('/notice');
    const reminder = page.getByTestId('notice-row').filter({ hasText: '7天內到期' }).first();
    await reminder.waitFor();
    assert.match((await reminder.textContent()) ?? '', /3個用戶的對講卡?將在7天內到期/);
    await shot(page, 'walk-notice-zh-hant-320');
    await reminder.click();
    await page.getByTestId('expiring-notice').getByText('來自提醒：3個用戶仍待續費').waitFor();
    for (const ssid of ssids) await page.getByTestId(`expiring-${ssid}`).waitFor();
    assert.deepEqual((await radarRows(page)).sort(), [...ssids].sort());
    assert.equal((await radarRows(page))[0], soonest);
    await page.getByTestId('expiring-count').getByText('該範圍內全部3個用戶').waitFor();
    const url = new URL(page.url());
    assert.equal(url.pathname, '/expiring');
    assert.equal(url.searchParams.get('within'), '7');
    await shot(page, 'walk-notice-radar-zh-hant-320');

    // The same screens in the other languages and at 390 px, to be looked at.
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 700 });
      for (const lang of languages) {
        await speak(page, lang);
        await page.reload();
        await page.getByTestId('expiring-notice').waitFor();
        await page.getByTestId(`expiring-${soonest}`).waitFor();
        await shot(page, `walk-notice-radar-${lang.toLowerCase()}-${width}`);
        await page.goto('/fenceEdit');
        await page.locator('#place-q').fill(lang === 'en' ? 'Mong Kok' : '深圳');
        await page.locator('#place-q').press('Enter');
        await page.getByTestId('place-hit').first().waitFor();
        await page.getByTestId('place-search').scrollIntoViewIfNeeded();
        await shot(page, `walk-place-${lang.toLowerCase()}-${width}`);
        await page.goBack();
      }
    }
  });
});
