import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
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

/** The run of median performance among several: Lighthouse's own advice for scores that vary run to run. */
const median = (runs: Scores[]) =>
  [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];

/**
 * Lighthouse (mobile preset) on the login page and, signed in with `session`, on the home page, in
 * Debian's Chromium (CHROME_PATH). The session goes into the tab's storage the way the app keeps it;
 * Lighthouse's own reset before each run empties the HTTP cache and what it stores of the origin (its
 * default), but not session storage, so every run is a first visit that is signed in where it should be.
 * Each page is audited `runs` times and reported by its median run; `log` gets every run's scores.
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
    const audit = async (path: string, signedIn: boolean): Promise<Scores> => {
      const page = await browser.newPage();
      await page.goto(`${base}/404`);
      if (signedIn)
        await page.evaluate(
          (info) => sessionStorage.setItem('loginInfo', JSON.stringify({ ...info, role: 0 })),
          session,
        );
      const result = await lighthouse(
        `${base}${path}`,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        },
        undefined,
        page,
      );
      await page.close();
      // A signed-out home would be audited as the login it sends to.
      const landed = new URL(result?.lhr.finalDisplayedUrl ?? base).pathname;
      if (landed !== path) throw new Error(`Lighthouse of ${path} ended on ${landed}`);
      const c = result?.lhr.categories;
      const score = (key: string) => Math.round((c?.[key]?.score ?? 0) * 100);
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
      };
    };
    const audited = async (name: string, path: string, signedIn: boolean) => {
      const all: Scores[] = [];
      for (let i = 0; i < runs; i++) all.push(await audit(path, signedIn));
      log(`  Lighthouse ${name}: performance ${all.map((r) => r.performance).join(', ')}`);
      return median(all);
    };
    return { login: await audited('login', '/', false), home: await audited('home', '/home', true) };
  } finally {
    await browser.close();
  }
}
