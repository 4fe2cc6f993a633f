import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { agentCards, agents, cardLedger } from '../../apps/server/src/db/schema.ts';
import { login, phone, shot } from '../support/browser.ts';
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
    await login(page, server, 'agent', 'agent01', 'agent123');
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
});
