import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { agentCards, agents, cardLedger } from '../../apps/server/src/db/schema.ts';
import { passGuard, phone, shot, signIn } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

/** An agent's voice cards, as the database holds them. */
const voiceOf = async (account: string) => {
  const [row] = await server.db
    .select({ balance: agentCards.balance })
    .from(agentCards)
    .innerJoin(agents, eq(agents.id, agentCards.agentId))
    .where(and(eq(agents.account, account), eq(agentCards.cardType, 0)));
  return row?.balance;
};

describe('a sale whose answer the phone never got', () => {
  useServerAndBrowser();

  it('is tapped again and sells once', async () => {
    const page = await phone(browser, server.url, { clock: true });
    await signIn(page, server, 'agent', 'agent01', 'agent123');
    await page.getByTestId('card-voice').getByText('944').waitFor();
    const subBefore = await voiceOf('subagent01');

    // The first sale reaches the server, which sells; the connection drops before the answer comes back.
    let sends = 0;
    await page.route('**/v1/agent/blance/add**', async (route) => {
      sends += 1;
      if (sends > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });

    await page.goto('/salesAdd');
    await page.getByTestId('choose-agent').click();
    await page.getByTestId('agent-choice').getByText('Demo_Subagent').click();
    await page.getByTestId('sale-card-voice').click();
    await page.locator('#sale-quantity').fill('3');
    await page.getByTestId('sale-submit').click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('Your balance: 944 → 941').waitFor();
    await dialog.getByRole('button', { name: 'Sell' }).click();
    await page.getByTestId('offline-notice').waitFor();
    assert.equal(await voiceOf('agent01'), 941, 'the server sold on the first call');

    // Tapped again: the same sale, sent with the same key, answers the first sale's answer.
    await passGuard(page);
    await page.getByTestId('sale-submit').click();
    await dialog.getByRole('button', { name: 'Sell' }).click();
    await page.getByText('Sold 3 Voice cards to Demo_Subagent').waitFor();
    await shot(page, 'sale-retried-en');
    assert.equal(sends, 2);

    assert.equal(await voiceOf('agent01'), 941);
    assert.equal(await voiceOf('subagent01'), (subBefore ?? 0) + 3);
    const sales = await server.db
      .select({ id: cardLedger.id })
      .from(cardLedger)
      .where(and(eq(cardLedger.kind, 'sale'), eq(cardLedger.quantity, 3)));
    assert.equal(sales.length, 1, 'one sale in the ledger');
  });
});
