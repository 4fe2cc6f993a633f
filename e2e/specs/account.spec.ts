import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { feedback, rateLimits, smsOutbox } from '../../apps/server/src/db/schema.ts';
import { Limits } from '../../packages/contract/src/constants.ts';
import { login, passGuard, phone, shot, signIn } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/suite.ts';

const agentPhone = '85291234567';
const newPhone = '85260001234';
/** The double-click guard holds a submit button for two seconds after a tap; the page's clock passes them. */
const guard = passGuard;

const fill = async (page: Page, form: string, values: Record<string, string>, submit = true) => {
  for (const [name, value] of Object.entries(values)) await page.locator(`#${form}-${name}`).fill(value);
  if (submit) await page.locator(`#${form} button[type=submit]`).click();
};

describe('personal center and account flows', () => {
  useServerAndBrowser();

  /** The code in the latest text the default SMS provider wrote for a phone. */
  const codeSentTo = async (to: string) => {
    const [row] = await server.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, to))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    const code = /\b(\d{4})\b/.exec(row?.text ?? '')?.[1];
    assert.match(code ?? '', /^\d{4}$/, `an SMS code for ${to}`);
    return code as string;
  };

  it('changes the password with the SPEC rules, ends the other session, then logs in with the new one', async () => {
    const page = await phone(browser, server.url, { clock: true });
    const other = await phone(browser, server.url);
    await signIn(other, server, 'org', 'company01', 'company123');
    await signIn(page, server, 'org', 'company01', 'company123');
    await page.getByTestId('home-profile').click();
    await page.getByTestId('main-account').getByText('company01').waitFor();
    await page.getByTestId('main-account').getByText('Company', { exact: true }).waitFor();
    assert.equal(await page.getByTestId('link-pay-pwd').count(), 0);
    await shot(page, 'main-org-en');

    await page.getByTestId('link-change-pwd').click();
    const submit = page.locator('#change-pwd button[type=submit]');
    await submit.click();
    await page.getByText('Please enter the old password').waitFor();
    assert.equal(await page.getByText('Password: 6-16 letters or digits').count(), 2);
    // A check the form refuses sends nothing and holds no double-click window.
    assert.equal(await submit.isDisabled(), false);
    await fill(page, 'change-pwd', {
      oldPassword: 'company123',
      newPassword: 'abc12345',
      confirmPassword: 'abc1234',
    });
    await page.getByText('The 2 inputs are inconsistent, please re-enter').waitFor();
    await guard(page);
    await fill(page, 'change-pwd', { newPassword: 'company123', confirmPassword: 'company123' });
    await page.getByText('The new password cannot be the same as the original password').waitFor();
    await guard(page);
    // A submit that went to the server holds the button for the guard's two seconds, to the millisecond:
    // the page's clock stands still meanwhile and moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await fill(page, 'change-pwd', {
      oldPassword: 'wrongpass1',
      newPassword: 'newpass99',
      confirmPassword: 'newpass99',
    });
    // The server's answer lands under the field it is about.
    await page.locator('#change-pwd-oldPassword-error').getByText('Old password error').waitFor();
    assert.equal(await submit.isDisabled(), true);
    await page.clock.runFor(Limits.doubleClickGuardMs - 1);
    assert.equal(await submit.isDisabled(), true);
    await page.clock.runFor(1);
    await page.locator('#change-pwd button[type=submit]:enabled').waitFor();
    await page.clock.resume();
    await shot(page, 'change-pwd-en');
    await fill(page, 'change-pwd', { oldPassword: 'company123' });
    await page
      .getByTestId('done-panel')
      .getByText('Every other device signed in with this account')
      .waitFor();
    await shot(page, 'change-pwd-done-en');

    // The other phone's session has ended: its next call sends it to the login page.
    await other.reload();
    await other.waitForURL((u) => u.pathname === '/');

    await page.getByTestId('done-back').click();
    await page.getByTestId('logout').click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('main-page').waitFor();
    await page.getByTestId('logout').click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await login(page, server, 'org', 'company01', 'newpass99');
    await page.getByTestId('home-org').waitFor();
    await page.close();
    await other.close();
  });

  it('resets a forgotten password from the login page with the code from the SMS outbox', async () => {
    const page = await phone(browser, server.url, { clock: true });
    await page.goto('/');
    await page.getByTestId('forgot-password').click();
    await page.getByTestId('reset-pwd-page').waitFor();
    await page.getByTestId('reset-role-agent').click();
    await page.getByTestId('send-code').click();
    await page.getByText('Login account: 6-20 letters, digits or underscores').waitFor();
    await page.getByText('Please enter a correct mobile number').waitFor();
    await fill(page, 'reset-pwd', { account: 'agent01', phone: agentPhone }, false);
    await page.getByTestId('send-code').click();
    await page
      .getByTestId('send-code')
      .getByText(/Resend in \d+ s/)
      .waitFor();
    assert.equal(await page.getByTestId('send-code').isDisabled(), true);
    await page.getByText('If the account and number match, a code went to 852****4567').waitFor();
    await shot(page, 'reset-pwd-en');
    const code = await codeSentTo(agentPhone);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    await fill(page, 'reset-pwd', { code: wrong });
    await page.locator('#reset-pwd-code-error').getByText('Verification code error!').waitFor();
    await guard(page);
    await fill(page, 'reset-pwd', { code });
    await fill(page, 'reset-pwd', { newPassword: 'fresh2026', confirmPassword: 'fresh2027' });
    await page.getByText('The 2 inputs are inconsistent, please re-enter').waitFor();
    await guard(page);
    await fill(page, 'reset-pwd', { confirmPassword: 'fresh2026' });
    await page.getByTestId('done-panel').waitFor();
    await page.getByTestId('to-login').click();
    // The login form offers the account that was just reset.
    assert.equal(await page.locator('#username').inputValue(), 'agent01');
    await login(page, server, 'agent', 'agent01', 'fresh2026');
    await page.getByTestId('home-agent').waitFor();

    // The same screen in Traditional Chinese.
    const zh = await phone(browser, server.url);
    await zh.goto('/');
    await zh.getByTestId('lang-switch').selectOption('zh-Hant');
    await zh.getByTestId('forgot-password').getByText('忘記密碼？').click();
    await zh.getByText('驗證身份').waitFor();
    await zh.locator('#reset-pwd button[type=submit]').click();
    await zh.getByText('請輸入正確的手機號碼').waitFor();
    await shot(zh, 'reset-pwd-zh-hant');
    await zh.close();
    await page.close();
  });

  it('edits the profile, binds a new phone, sets a service card password and sells with it', async () => {
    const page = await phone(browser, server.url, { clock: true });
    await signIn(page, server, 'agent', 'agent01', 'fresh2026');
    await page.goto('/main');
    await page.getByTestId('main-balance-voice').getByText('944').waitFor();
    await page.getByTestId('link-pay-pwd').getByText('Not set').waitFor();
    await shot(page, 'main-agent-en');

    await page.getByTestId('link-profile').click();
    await page.getByTestId('profile-page').waitFor();
    await page.getByTestId('edit-contact').click();
    await fill(page, 'profile', { 'contact-input': 'A' }, false);
    await page.getByTestId('save-contact').click();
    await page.getByText('Contact name: 2-10 characters').waitFor();
    await guard(page);
    await fill(page, 'profile', { 'contact-input': 'Alice Wong' }, false);
    await page.getByTestId('save-contact').click();
    await page.getByTestId('profile-contact').getByText('Alice Wong').waitFor();
    await page.getByTestId('edit-email').click();
    await fill(page, 'profile', { 'email-input': 'not-an-email' }, false);
    await page.getByTestId('save-email').click();
    await page.getByText('Please enter a correct email address').waitFor();
    await shot(page, 'profile-en');
    await guard(page);
    await fill(page, 'profile', { 'email-input': 'ops@example.com' }, false);
    await page.getByTestId('save-email').click();
    await page.getByTestId('profile-email').getByText('ops@example.com').waitFor();

    await page.getByTestId('profile-mobile').click();
    await page.getByTestId('phone-current').getByText(agentPhone).waitFor();
    await fill(page, 'phone', { mobile: newPhone }, false);
    await page.getByTestId('send-code').click();
    await page.getByText('Code sent to 852****1234').waitFor();
    await shot(page, 'phone-en');
    await fill(page, 'phone', { code: await codeSentTo(newPhone) });
    await page.getByTestId('profile-mobile').getByText(newPhone).waitFor();

    // One code a minute per phone: let the minute pass, as time would.
    await server.db.delete(rateLimits).where(eq(rateLimits.key, `sms-phone:${newPhone}`));
    await page.goto('/main');
    await page.getByTestId('link-pay-pwd').click();
    await page.getByText('ending in 1234').waitFor();
    await fill(page, 'pay-pwd', { cardPwd: '13579', confirmCardPwd: '135790' });
    await page.getByText('Service card password: 6 digits').waitFor();
    await page.getByText('Please enter correct verify code!').waitFor();
    await guard(page);
    await fill(page, 'pay-pwd', { cardPwd: '135790', confirmCardPwd: '135791' }, false);
    await page.getByTestId('send-code').click();
    await page
      .getByTestId('send-code')
      .getByText(/Resend in \d+ s/)
      .waitFor();
    await shot(page, 'pay-pwd-en');
    await fill(page, 'pay-pwd', { code: await codeSentTo(newPhone) });
    await page.getByText('The 2 inputs are inconsistent, please re-enter').waitFor();
    await guard(page);
    await fill(page, 'pay-pwd', { confirmCardPwd: '135790' });
    await page.getByTestId('done-panel').getByText('Service card password saved').waitFor();
    await page.getByTestId('done-back').click();
    await page.getByTestId('link-pay-pwd').getByText('Set', { exact: true }).waitFor();

    // A sale now asks for it.
    await page.goto('/salesAdd');
    await page.getByTestId('choose-agent').click();
    await page.getByTestId('agent-choice').getByText('Demo_Subagent').click();
    await page.getByTestId('sale-card-voice').click();
    await page.locator('#sale-quantity').fill('1');
    await page.locator('#sale-paypwd').fill('111111');
    await page.getByTestId('sale-submit').click();
    // Checked before the question is asked.
    await page.getByText('Service card password error').waitFor();
    assert.equal(await page.locator('.adm-dialog').count(), 0);
    await guard(page);
    await page.locator('#sale-paypwd').fill('135790');
    await page.getByTestId('sale-submit').click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Sell' }).click();
    await page.getByText('Sold 1 Voice card to Demo_Subagent').waitFor();

    // The personal center in Simplified Chinese.
    await page.goto('/main');
    await page.getByTestId('lang-switch').selectOption('zh-Hans');
    await page.getByText('服务卡余额').waitFor();
    await page.getByTestId('main-balance-voice').getByText('943').waitFor();
    await shot(page, 'main-agent-zh-hans');
    await page.close();
  });

  it('sends feedback that the operator can read', async () => {
    const page = await phone(browser, server.url, { clock: true });
    await signIn(page, server, 'agent', 'subagent01', 'agent123');
    await page.goto('/main');
    await page.getByTestId('link-feedback').click();
    await page.locator('#feedback button[type=submit]').click();
    await page.getByText('Feedback: 1-500 characters').waitFor();
    await guard(page);
    await fill(
      page,
      'feedback',
      { content: 'The map is slow on my phone', contact: 'sub@example.com' },
      false,
    );
    await page.getByText('27/500').waitFor();
    await shot(page, 'feedback-en');
    await page.locator('#feedback button[type=submit]').click();
    await page.getByText('Thank you for your feedback').waitFor();
    await page.getByTestId('main-page').waitFor();
    const [row] = await server.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
    assert.equal(row?.content, 'The map is slow on my phone');
    assert.equal(row?.contact, 'sub@example.com');

    // A sub-agent without a phone is told to bind one before a service card password.
    await page.getByTestId('link-pay-pwd').click();
    await page.getByTestId('pay-pwd-no-phone').waitFor();
    await shot(page, 'pay-pwd-no-phone-en');
    await page.close();
  });
});
