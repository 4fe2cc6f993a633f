import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { agentCards, agents, cardLedger, orgs, terminals } from '../../apps/server/src/db/schema.ts';
import { phone, shot, signIn } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

/** The agent's newest movement, its card type's balance now, and the cards it sold since the month began. */
async function ledgerOf(account: string) {
  const [agent] = await server.db.select().from(agents).where(eq(agents.account, account));
  const [newest] = await server.db
    .select()
    .from(cardLedger)
    .where(sql`${cardLedger.fromAgentId} = ${agent.id} or ${cardLedger.toAgentId} = ${agent.id}`)
    .orderBy(desc(cardLedger.createdAt), desc(cardLedger.id))
    .limit(1);
  const [card] = await server.db
    .select()
    .from(agentCards)
    .where(and(eq(agentCards.agentId, agent.id), eq(agentCards.cardType, newest.cardType)));
  const monthStart = new Date();
  monthStart.setUTCDate(1);
  monthStart.setUTCHours(0, 0, 0, 0);
  const [sold] = await server.db
    .select({ n: sql<number>`coalesce(sum(${cardLedger.quantity}), 0)::int` })
    .from(cardLedger)
    .where(
      and(
        eq(cardLedger.fromAgentId, agent.id),
        eq(cardLedger.kind, 'sale'),
        gte(cardLedger.createdAt, monthStart),
      ),
    );
  return { balance: card.balance, sold: sold.n };
}

describe('the business on record', () => {
  useServerAndBrowser();

  it('opens the statement, exports it as XLSX and reads the report’s chart and table, in Chinese at 320 px', async () => {
    const page = await phone(browser, server.url);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-Hans'));
    await signIn(page, server, 'agent', 'agent01', 'agent123');
    // The UTC clock of the test and the browser's zone agree on the month (the runs use UTC).
    const { balance, sold } = await ledgerOf('agent01');

    // The statement, from the sales record (a top-level agent's tab bar sells; its record is a page away): this month's movements, newest first, each with its balances.
    await page.goto('/salesRecord');
    await page.getByTestId('record-statement').click();
    await page.getByTestId('statement').waitFor();
    await page.getByRole('heading', { name: '对账单' }).waitFor();
    await page.getByTestId('statement-summary').waitFor();
    const newest = page.getByTestId('statement-row').first();
    await newest
      .getByTestId('statement-balance')
      .getByText(new RegExp(`→ ${balance}$`))
      .waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 320);
    await shot(page, 'statement-zh-hans-320');

    // The month's movements as an Excel workbook: Chinese titles, the newest movement first.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('statement-export-xlsx').click(),
    ]);
    assert.match(download.suggestedFilename(), /^statement-\d{4}-\d\d\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [titles, first] = rows;
    assert.match(String(titles[0]), /^时间 \(/);
    assert.ok(rows.length >= 2);
    assert.equal(Number(first[titles.indexOf('变动后余额')]), balance);

    // The report, from the home: the months' chart drawn, and beside it a table with the same figures.
    await page.goto('/home');
    await page.getByTestId('row-reports').click();
    await page.getByTestId('report-page').waitFor();
    const cards = page.getByTestId('report-cards');
    await cards.getByTestId('report-chart').locator('canvas').waitFor();
    const table = cards.getByTestId('report-cards-table');
    await table.getByRole('columnheader', { name: '月份' }).waitFor();
    await table.getByRole('columnheader', { name: '售出' }).waitFor();
    // This month is the table's first row; its sold cards are the ledger's.
    const thisMonth = table.locator('tbody tr').first();
    const head = await table.locator('thead th').allTextContents();
    const cells = await thisMonth.locator('td').allTextContents();
    assert.equal(Number(cells[head.indexOf('售出') - 1].replace(/,/g, '')), sold);
    assert.ok(sold > 0);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 320);
    await shot(page, 'report-zh-hans-320');
  });

  it('reads a change to a user in words from the user’s screen, in three languages at 390 and 320 px; its company sees it too', async () => {
    const [unit] = await server.db
      .select({ id: terminals.id, name: terminals.name, dispatcher: terminals.dispatcher })
      .from(terminals)
      .innerJoin(orgs, eq(orgs.id, terminals.orgId))
      .where(eq(orgs.account, 'company01'))
      .orderBy(asc(terminals.id))
      .limit(1);
    const change = unit.dispatcher ? 'on → off' : 'off → on';
    const page = await phone(browser, server.url);
    await signIn(page, server, 'agent', 'agent01', 'agent123');
    await page.goto(`/userDetail?id=${unit.id}`);
    await page.getByTestId('user-detail').waitFor();
    const saved = page.waitForResponse((r) => r.url().includes('/v1/terminal/updateUser'));
    await page.getByRole('switch', { name: 'Dispatcher' }).click();
    await saved;

    // The user's own changes, newest first: the action and the user by name, the field by its label.
    await page.getByRole('link', { name: 'Changes to this user' }).click();
    await page.getByTestId('audit-page').waitFor();
    await page.getByTestId('audit-scope').getByText(`Changes to User ${unit.name}`).waitFor();
    const row = page.getByTestId('audit-row').first();
    await row.getByTestId('audit-title').getByText('Edited a user').waitFor();
    await row.getByRole('link', { name: unit.name }).waitFor();
    assert.equal(
      await row.locator('.audit-field', { hasText: 'Dispatcher' }).textContent(),
      `Dispatcher${change}`,
    );
    assert.match(
      String(await row.getByTestId('audit-actor').textContent()),
      /^Demo_Agent · agent01 \(Agent\)/,
    );
    // A local time as the app writes times, not the stored UTC instant.
    assert.doesNotMatch(String(await row.locator('time').textContent()), /\dT\d|Z$/);
    const titles = { en: 'Edited a user', 'zh-Hant': '編輯用戶', 'zh-Hans': '编辑用户' };
    for (const [lang, title] of Object.entries(titles)) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: width === 320 ? 640 : 844 });
        await page.reload();
        await page.getByTestId('audit-row').first().getByText(title).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width);
        await shot(page, `audit-user-${lang.toLowerCase()}-${width}`);
      }
    }

    // The company reads the agent's change to its user among its own.
    const own = await phone(browser, server.url);
    await signIn(own, server, 'org', 'company01', 'company123');
    await own.goto('/audit');
    const seen = own.getByTestId('audit-row').first();
    await seen.getByTestId('audit-title').getByText('Edited a user').waitFor();
    assert.match(
      String(await seen.getByTestId('audit-actor').textContent()),
      /^Demo_Agent · agent01 \(Agent\)/,
    );
    await shot(own, 'audit-company-en-390');
  });
});
