import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page, type Request, type Response } from 'playwright-core';
import { Limits } from '../../packages/contract/src/constants.ts';
import { login as apiLogin } from './instances.ts';
import type { TestServer } from './server.ts';

/** Where screenshots, failure reports and server logs go: e2e/artifacts/, or E2E_ARTIFACTS (ending in /). */
export const artifacts =
  process.env.E2E_ARTIFACTS || fileURLToPath(new URL('../artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

/** Debian's Chromium, headless, nothing reaching out to the network; `extra` adds flags (a fake camera). */
export const launch = (extra: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extra,
    ],
  });

/**
 * Every page runs under the server's Content-Security-Policy; what the policy blocks is gathered here
 * and fails the spec file once its tests have run, whichever page it happened on.
 */
const cspViolations: string[] = [];
after(() => assert.deepEqual(cspViolations, [], 'Content-Security-Policy violations'));

/**
 * A phone: 390×844, touch, mobile. With `clock`, the page runs on Playwright's clock from its first page on:
 * time flows as usual, and a test can move it on (`passGuard`) instead of waiting in real time. With
 * `serviceWorker` the app's worker registers and precaches the whole app, as on a phone that has been on
 * the site before; without it (the worker is what pwa.spec.ts is about) each new phone would fetch every
 * file of the app in the background, on the spec's time.
 */
export const phone = async (
  browser: Browser,
  baseURL: string,
  { clock = false, serviceWorker = false } = {},
) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    serviceWorkers: serviceWorker ? 'allow' : 'block',
  });
  await context.exposeFunction('reportCspViolation', (line: string) => cspViolations.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (line: string) => void }).reportCspViolation;
      report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  const page = await context.newPage();
  journal(page);
  if (clock) await page.clock.install();
  return page;
};

/** What each open page did, line by line (navigations, console, requests and answers), for a failure's report. */
const journals = new WeakMap<Page, string[]>();
/** The requests of each open page not yet answered, its event stream aside (it stays open). */
const unanswered = new WeakMap<Page, Set<Request>>();
const journal = (page: Page) => {
  const lines: string[] = [];
  journals.set(page, lines);
  const pending = new Set<Request>();
  unanswered.set(page, pending);
  page.on('request', (request) => {
    if (!request.url().includes('/v1/events/stream')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  const started = Date.now();
  const note = (line: string) => {
    lines.push(`${String(Date.now() - started).padStart(7)} ms ${line}`);
    if (lines.length > 2000) lines.shift();
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated ${frame.url()}`);
  });
  page.on('console', (message) => note(`console.${message.type()} ${message.text()}`));
  page.on('pageerror', (error) => note(`pageerror ${error.message}`));
  page.on('request', (request) =>
    note(`-> ${request.method()} ${request.url().replace(/access_token=[^&]+/, 'access_token=…')}`),
  );
  page.on('requestfinished', (request) =>
    note(`<- ${request.method()} ${request.url().replace(/access_token=[^&]+/, 'access_token=…')}`),
  );
  page.on('requestfailed', (request) =>
    note(
      `xx ${request.method()} ${request.url().replace(/access_token=[^&]+/, 'access_token=…')} ${request.failure()?.errorText}`,
    ),
  );
};

/**
 * A failed test leaves its pages open: each one's screenshot, address, DOM and journal go to the
 * artifacts (`failed-<test>-<n>.*`), so a failure on a loaded machine can be read after the run.
 */
export async function reportOpenPages(browser: Browser, test: string) {
  const name = test.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  let n = 0;
  for (const context of browser.contexts()) {
    for (const page of context.pages()) {
      n += 1;
      const base = `${artifacts}failed-${name}-${n}`;
      const lines = [`url ${page.url()}`, ...(journals.get(page) ?? [])];
      await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 10_000 }).catch(() => undefined);
      const html = await page.content().catch((error: Error) => `(no DOM: ${error.message})`);
      writeFileSync(`${base}.html`, html);
      writeFileSync(`${base}.log`, `${lines.join('\n')}\n`);
    }
  }
}

/**
 * Lets the double-click guard (SPEC §9) run out on a phone opened with `clock`: its two seconds pass on the
 * page's clock, so a form refused a moment ago takes the next submit at once.
 */
export const passGuard = (page: Page) => page.clock.fastForward(Limits.doubleClickGuardMs);

/** Drags the slider handle so that the piece lands on the hole the server placed. */
export async function solvePuzzle(page: Page, server: TestServer, offset = 0) {
  const bg = page.getByTestId('puzzle-bg');
  await bg.waitFor({ state: 'visible' });
  await page.getByTestId('puzzle-handle').waitFor({ state: 'visible' });
  const handle = page.getByTestId('puzzle-handle');
  // The dialog rises into place, and after a failed slide shakes while the handle glides back to the start:
  // drag only once the handle rests at the start and takes drags, and nothing in the dialog moves.
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid=puzzle-handle]');
    return (
      el instanceof HTMLElement &&
      el.style.left === '0%' &&
      el.getAttribute('aria-disabled') !== 'true' &&
      (el.closest('.slider-puzzle__overlay') ?? el)
        .getAnimations({ subtree: true })
        .every((a) => a.effect?.getComputedTiming().endTime === Infinity)
    );
  });
  const box = await handle.boundingBox();
  const x = (await server.lastPuzzleX()) as number;
  const bgBox = await bg.boundingBox();
  if (!bgBox || !box) throw new Error('puzzle not on screen');
  const distance = ((x + offset) * bgBox.width) / 320;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(startX + (distance * i) / 10, y);
  await page.mouse.up();
}

export async function login(
  page: Page,
  server: TestServer,
  role: 'agent' | 'org',
  account: string,
  password: string,
) {
  await page.goto('/');
  await page.getByTestId(role === 'agent' ? 'role-tab-agent' : 'role-tab-org').click();
  await page.locator('#username').fill(account);
  await page.locator('#password').fill(password);
  // An agent's home asks for the first-time bulletin, which opens by itself when there is one (SPEC §4).
  // The wait starts before the submit, so its time also covers the puzzle and the home's first load:
  // more than Playwright's 30 s on a loaded machine, which is no fault of the app.
  const bulletin =
    role === 'agent'
      ? page.waitForResponse((r) => r.url().includes('/v1/notice/getFirstBulletin'), { timeout: 120_000 })
      : undefined;
  await page.locator('form button[type=submit]').click();
  await solvePuzzle(page, server);
  await page.waitForURL('**/home');
  await readBulletin(page, bulletin);
}

/** The first-time bulletin an agent's home opened by itself, if `bulletin` offered one: read, then back home. */
async function readBulletin(page: Page, bulletin: Promise<Response> | undefined) {
  const offered = bulletin ? ((await (await bulletin).json()) as { data: unknown }).data : null;
  if (offered) {
    await page.waitForURL('**/system_notice?noticeDetail=*');
    await page.getByTestId('bulletin-detail').waitFor();
    await page.goBack();
    await page.waitForURL('**/home');
  }
}

/**
 * Opens the home of `account` on a page that holds the session the login API gave it, as the app keeps it
 * (session storage) after a login: for a test whose subject comes after the login page, which
 * foundation.spec.ts and account.spec.ts go through by hand. Ends where `login` does, the bulletin read.
 */
export async function signIn(
  page: Page,
  server: TestServer,
  role: 'agent' | 'org',
  account: string,
  password: string,
) {
  const user_type = role === 'agent' ? 0 : 1;
  const send = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
  const session = await apiLogin(send, server.db, user_type, account, password);
  // A document of the site, so that the storage written is the site's; the app is not started by it.
  await page.goto('/favicon.svg');
  await page.evaluate((info) => sessionStorage.setItem('loginInfo', JSON.stringify(info)), {
    ...session,
    role: user_type,
  });
  const bulletin =
    role === 'agent'
      ? page.waitForResponse((r) => r.url().includes('/v1/notice/getFirstBulletin'), { timeout: 120_000 })
      : undefined;
  await page.goto('/home');
  await readBulletin(page, bulletin);
  // The home drawn: the app and its pages' code are loaded, as after a login on the login page.
  await page.getByTestId(role === 'agent' ? 'home-agent' : 'home-org').waitFor();
}

/**
 * Resolves once the page's event stream has answered (its headers are in): what the server pushes from
 * then on reaches the page. The stream opens once the page has settled, which on a loaded machine can
 * take many seconds; only a console that never opens it misses this wait.
 */
export const streamOpen = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/v1/events/stream') && r.status() === 200, {
    timeout: 60_000,
  });

/**
 * Resolves once nothing on the page is moving: every animation and transition that ends has ended (a map's
 * zoom, a toast fading in). Only what a picture shows waits for this; no assertion depends on it.
 */
export const still = (page: Page) =>
  page.waitForFunction(async () => {
    // Three frames in a row, so a zoom that starts on the frame after an answer is not missed.
    for (let frame = 0; frame < 3; frame++) {
      const moving = document
        .getAnimations()
        .some(
          (a) =>
            (a.playState === 'running' || a.pending) && a.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (moving) return false;
      await new Promise(requestAnimationFrame);
    }
    return true;
  });

/**
 * Resolves once the page has had every request it sent answered (its event stream aside) and has drawn what
 * came back: what a call's answer shows, an error's toast say, is on screen by then.
 */
export async function settled(page: Page) {
  const pending = unanswered.get(page) ?? new Set();
  // A bound only a page whose request never ends misses.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const waiting = [...pending];
    const late = () => new Error(`unanswered after 60 s: ${waiting.map((r) => r.url()).join(', ')}`);
    if (Date.now() > deadline) throw late();
    if (waiting.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(late()), Math.max(0, deadline - Date.now()));
      });
      const answered = Promise.all(
        waiting.map(async (r) => (await r.response().catch(() => null))?.finished().catch(() => null)),
      );
      try {
        await Promise.race([answered, bound]);
      } finally {
        clearTimeout(timer);
      }
    }
    // Two frames: the answers' handlers have run and their screens are drawn.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (pending.size === 0) return;
  }
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true });

/**
 * Answers the confirmation that asks `question` (and, when given, shows the balance change `balance`)
 * with its button `answer`, and waits for it to close.
 */
export async function confirmDialog(page: Page, question: string | RegExp, answer: string, balance?: RegExp) {
  const dialog = page.locator('.adm-dialog');
  await dialog.getByText(question).waitFor();
  if (balance) await dialog.getByText(balance).waitFor();
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Waits until no toast is on screen: two can overlap when a step answers within the first one's two
 * seconds (a refusal, then a success), so this waits for all of them, not for one.
 */
export const toastsGone = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('.adm-toast-mask').length === 0);
