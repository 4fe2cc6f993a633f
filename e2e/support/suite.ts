import { after, afterEach, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launch, reportOpenPages } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

/** The spec's server and browser, set before its first test (read them inside tests and hooks). */
export let server: TestServer;
export let browser: Browser;

/**
 * Starts the built app's server and Chromium (with `flags()`) before the calling suite's first test and
 * closes both after its last. Each spec file runs in a process of its own, so these are the spec's own.
 */
export function useServerAndBrowser(flags: () => string[] = () => []) {
  before(async () => {
    // Chromium starts in processes of its own while this one opens the database.
    [server, browser] = await Promise.all([startServer(), launch(flags())]);
  });
  afterEach(async (t) => {
    // Node 20's types lack the `passed` that its test context has.
    const passed = (t as { passed?: boolean }).passed !== false;
    if (!passed && browser) await reportOpenPages(browser, t.name);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
}
