import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';

export interface Scores {
  /** The median of the runs, each score on its own. */
  performance: number;
  accessibility: number;
  /** Every run's performance score, and the benchmark index and CPU slowdown it ran with. */
  runs: number[];
  benchmarkIndexes: number[];
  slowdowns: number[];
}

const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The CPU slowdown that makes Lighthouse's mobile audit model the same mid-range phone on a fast or a slow
 * machine (DESIGN §7). Lighthouse rates the machine it runs on with its `benchmarkIndex`; its throttling
 * guide (docs/throttling.md, "Calibrating the CPU slowdown") sends the reader to its CPU throttling
 * calculator (lighthouse-cpu-throttling-calculator.vercel.app), which turns that index into the multiplier,
 * piecewise linear between these points:
 *   index 150 → 1×, 800 → 2×, 1300 → 3×, and one more per 233 above 1300 (1533 → 4×, 2000 → 6×),
 * i.e. 1 + (i − 150) / 650 below 800, 2 + (i − 800) / 500 below 1300, 3 + (i − 1300) / 233 from there.
 * Below 150 the machine is slower than the phone modelled: no slowdown, and the row says so.
 */
export const cpuSlowdown = (index: number) =>
  index >= 1300
    ? 3 + (index - 1300) / 233
    : index >= 800
      ? 2 + (index - 800) / 500
      : index >= 150
        ? 1 + (index - 150) / 650
        : 1;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Lighthouse (mobile preset, its simulated throttling) on the login page and, signed in with `session`,
 * on the home page, in Debian's Chromium (CHROME_PATH). Before each audit the tab runs Lighthouse's own
 * benchmark (`computeBenchmarkIndex`, the one behind the report's benchmarkIndex), and the audit's CPU
 * slowdown is set from it, so a machine that slowed down between runs is throttled less. The session goes into the tab's storage the way the app keeps it; Lighthouse's own reset
 * before each run empties the HTTP cache and what it stores of the origin, not session storage, so every run
 * is a first visit signed in where it should be. Each page is audited `runs` times; the median is reported.
 */
export async function lighthouseScores(
  base: string,
  session: { access_token: string; openid: string },
  runs: number,
  log: (line: string) => void,
) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: flags,
  });
  try {
    const audit = async (path: string, signedIn: boolean) => {
      const page = await browser.newPage();
      await page.goto(`${base}/404`);
      if (signedIn)
        await page.evaluate(
          (info) => sessionStorage.setItem('loginInfo', JSON.stringify({ ...info, role: 0 })),
          session,
        );
      // One benchmark takes a second and moves by half on a busy machine; the median of three steadies it.
      const indexes: number[] = [];
      for (let i = 0; i < 3; i++) indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
      const benchmarkIndex = median(indexes);
      const slowdown = cpuSlowdown(benchmarkIndex);
      const result = await lighthouse(
        `${base}${path}`,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          throttling: { cpuSlowdownMultiplier: slowdown },
        },
        undefined,
        page,
      );
      await page.close();
      const lhr = result?.lhr;
      // A signed-out home would be audited as the login it sends to.
      const landed = new URL(lhr?.finalDisplayedUrl ?? base).pathname;
      if (landed !== path) throw new Error(`Lighthouse of ${path} ended on ${landed}`);
      const applied = lhr?.configSettings.throttling.cpuSlowdownMultiplier;
      if (applied !== slowdown)
        throw new Error(`Lighthouse ran with a CPU slowdown of ${applied}, not ${slowdown}`);
      const score = (key: string) => Math.round((lhr?.categories[key]?.score ?? 0) * 100);
      return {
        /** Set when Lighthouse could not measure the page (its scores are then empty, not zero). */
        error: lhr?.runtimeError?.code,
        performance: score('performance'),
        accessibility: score('accessibility'),
        benchmarkIndex,
        slowdown,
        /** Lighthouse's own measure at the start of the audit, for the log. */
        ownIndex: lhr?.environment.benchmarkIndex ?? Number.NaN,
      };
    };
    const audited = async (name: string, path: string, signedIn: boolean): Promise<Scores> => {
      const all = [];
      for (let i = 0; i < runs; i++) {
        // An audit Lighthouse could not complete on a busy machine (a timeout, no paint in time) is
        // run once more; a second failure counts as a score of 0.
        let r = await audit(path, signedIn);
        if (r.error) {
          log(`  Lighthouse ${name}: the audit failed (${r.error}), once more`);
          r = await audit(path, signedIn);
        }
        all.push(r);
      }
      log(
        `  Lighthouse ${name}: performance ${all.map((r) => r.performance).join(', ')}, CPU slowdown ${all.map((r) => `${r.slowdown.toFixed(1)}× (index ${Math.round(r.benchmarkIndex)}, Lighthouse's ${Math.round(r.ownIndex)})`).join(', ')}`,
      );
      return {
        performance: median(all.map((r) => r.performance)),
        accessibility: median(all.map((r) => r.accessibility)),
        runs: all.map((r) => r.performance),
        benchmarkIndexes: all.map((r) => r.benchmarkIndex),
        slowdowns: all.map((r) => r.slowdown),
      };
    };
    return { login: await audited('login', '/', false), home: await audited('home', '/home', true) };
  } finally {
    await browser.close();
  }
}
