import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

interface Chunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
}

const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const gzipKb = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length / 1024;

/** Every page's own chunk in the build manifest, gzipped, largest first. */
export function routeSizes() {
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, Chunk>;
  const routes = Object.entries(manifest)
    .filter(([k, c]) => c.isDynamicEntry && k.includes('-page.tsx'))
    .map(([k, c]) => ({
      route: k.replace(/^.*features\//, ''),
      kb: gzipKb(readFileSync(`${dist}${c.file}`)),
    }))
    .sort((a, b) => b.kb - a.kb);
  if (!routes.length) throw new Error('the build manifest has no page chunks: run npm run build');
  return { routes };
}

export interface Fetched {
  /** A script's address (path only) and its body gzipped, in KB. */
  files: { url: string; kb: number }[];
  /** The sum of the bodies gzipped at level 9, as the budget counts them. */
  kb: number;
  /** What the scripts' responses took on the wire (headers included, brotli when the server sends it). */
  transferredKb: number;
}

/** How long no request may start or end before the network counts as idle. */
const quietMs = 1000;

/**
 * The JavaScript a phone fetches when it opens `path` of the server at `base`, from navigation until
 * the app has replaced the page's prerendered shell and then no request has started or ended for a
 * second: every script response the tab receives, read through the DevTools protocol, with its body
 * gzipped. Waiting for the app first matters: the page asks for its scripts only after its first
 * paint, which on a busy machine can come later than a plain half-second idle window. A first visit:
 * a new browser context, nothing cached, no stored session or language.
 */
export async function pageFetches(base: string, path = '/'): Promise<Fetched> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const scripts = new Map<string, { url: string; transferred: number }>();
    const done: Promise<void>[] = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    const activity = (delta: number) => {
      inFlight += delta;
      lastActivity = Date.now();
    };
    cdp.on('Network.requestWillBeSent', () => activity(1));
    cdp.on('Network.loadingFailed', () => activity(-1));
    const bodies = new Map<string, Uint8Array>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script')
        scripts.set(e.requestId, { url: new URL(e.response.url).pathname, transferred: 0 });
    });
    cdp.on('Network.loadingFinished', (e) => {
      activity(-1);
      const script = scripts.get(e.requestId);
      if (!script) return;
      script.transferred = e.encodedDataLength;
      // The body is read as soon as it is complete, while the tab still holds it.
      done.push(
        cdp.send('Network.getResponseBody', { requestId: e.requestId }).then((r) => {
          bodies.set(e.requestId, Buffer.from(r.body, r.base64Encoded ? 'base64' : 'utf8'));
        }),
      );
    });
    await cdp.send('Network.enable');
    await page.goto(`${base}${path}`);
    // The shell is an inert wrapper in #root; the app's first render replaces it.
    await page.waitForFunction(() => {
      const first = document.getElementById('root')?.firstElementChild as HTMLElement | null;
      return !!first && !first.inert;
    });
    const deadline = Date.now() + 60_000;
    while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error(`${path} kept the network busy for a minute`);
      await page.waitForTimeout(100);
    }
    await Promise.all(done);
    const files = [...scripts].map(([id, s]) => {
      const body = bodies.get(id);
      if (!body) throw new Error(`${s.url} never finished loading`);
      return { url: s.url, kb: gzipKb(body) };
    });
    const transferred = [...scripts.values()].reduce((sum, s) => sum + s.transferred, 0);
    return {
      files: files.sort((a, b) => b.kb - a.kb),
      kb: files.reduce((sum, f) => sum + f.kb, 0),
      transferredKb: transferred / 1024,
    };
  } finally {
    await browser.close();
  }
}
