import type { Plugin, Manifest as ViteManifest } from 'vite';
import type { LandingData } from '../src/app/landing.ts';

/** The parts of Vite's build manifest (`build.manifest`) the landing reads. */
export type Manifest = Record<string, Pick<ViteManifest[string], 'file' | 'isEntry' | 'imports' | 'css'>>;

/**
 * The pages a visit can open on, by path (and `path:role` for what only one role's home loads), and
 * the texts of each language, as the manifest names their source modules.
 */
const landings: Record<string, string[]> = {
  '/': ['src/features/auth/login-page.tsx'],
  '/home': ['src/app/signed-in-layout.tsx', 'src/features/home/home-page.tsx'],
  // The home's half for the signed-in role (0 agent, 1 company), as the session keeps it.
  '/home:0': ['src/features/home/agent-home.tsx'],
  '/home:1': ['src/features/home/org-home.tsx'],
};
const texts: Record<string, string[]> = {
  en: ['src/i18n/en.ts'],
  'zh-Hant': ['src/i18n/zh-hant.ts'],
  'zh-Hans': ['src/i18n/zh-hans.ts'],
};

export type LandingFiles = Omit<LandingData, 'shells'> & {
  /** The stylesheets of the entry and of every landing, written into the page: every landing has a shell. */
  css: string[];
};

/** Reads the manifest for the files of the entry, of each landing and of each language's texts. */
export function landingFiles(manifest: Manifest, base: string): LandingFiles {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`the build manifest has no ${key}`);
    return found;
  };
  /** The chunks of `keys` and everything they import, as manifest keys, first seen first. */
  const closure = (keys: string[], into = new Set<string>(), skip = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || skip.has(key)) continue;
      into.add(key);
      closure(chunk(key).imports ?? [], into, skip);
    }
    return into;
  };
  const withEntry = closure([entryKey]);
  const filesOf = (keys: Iterable<string>) => [...keys].map((key) => chunk(key).file);
  const cssOf = (keys: Iterable<string>) => [...keys].flatMap((key) => chunk(key).css ?? []);
  const css = [...new Set([...cssOf(withEntry), ...cssOf(closure(Object.values(landings).flat()))])];
  const url = (file: string) => `${base}${file}`;
  const map = (sources: Record<string, string[]>) =>
    Object.fromEntries(
      Object.entries(sources).map(([key, src]) => [
        key,
        filesOf(closure(src, new Set(), withEntry)).map(url),
      ]),
    );
  return {
    entry: url(chunk(entryKey).file),
    boot: filesOf(withEntry)
      .filter((file) => file !== chunk(entryKey).file)
      .map(url),
    css,
    pages: map(landings),
    texts: map(texts),
  };
}

/**
 * A shell is a picture: its ids, label links and test ids go, so that nothing (a label, a test, a
 * script) finds it instead of the live page that replaces it.
 */
export const pictureOf = (html: string) =>
  html.replace(/ (id|for|data-testid|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '');

/** Renders the shells of src/app/prerender.tsx through Vite's SSR, from the same sources the app builds. */
async function renderShells(root: string): Promise<Record<string, string>> {
  // Imported here: the tests of this module run in a browser-like environment, where Vite cannot load.
  const { createServer } = await import('vite');
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    // antd-mobile's modules import their CSS, which Node cannot load; Vite's SSR leaves it out.
    ssr: { noExternal: ['antd-mobile', 'antd-mobile-icons'] },
  });
  try {
    const module = await server.ssrLoadModule('/src/app/prerender.tsx');
    return (await module.renderShells()) as Record<string, string>;
  } finally {
    await server.close();
  }
}

/** Compiles src/app/landing-start.ts (and what it imports) into one script for the page. */
async function compileLanding(root: string): Promise<string> {
  const { build } = await import('vite');
  const result = await build({
    root,
    configFile: false,
    logLevel: 'error',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      lib: { entry: 'src/app/landing-start.ts', formats: ['iife'], name: 'landing' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const code = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((c) => c.type === 'chunk')?.code;
  if (!code) throw new Error('the landing script did not compile');
  if (/<\/script/i.test(code)) throw new Error('the landing script would end its own tag');
  return code.trim();
}

const textOf = (source: string | Uint8Array) =>
  typeof source === 'string' ? source : new TextDecoder().decode(source);

const rootElement = '<div id="root"></div>';

/**
 * Writes the landing into index.html: the shells' CSS in the head, and after `#root` the shells and
 * the landing's files as data with the compiled landing script (src/app/landing.ts). The entry's own
 * tags go: the landing asks for its scripts after the first paint (docs/decisions.md).
 */
export function landingPage(
  html: string,
  files: LandingFiles,
  style: string,
  script: string,
  shells: Record<string, string>,
  base = '/',
) {
  const ours = new Set([files.entry, ...files.boot, ...files.css.map((f) => `${base}${f}`)]);
  const page = html.replace(
    /\s*<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"[^>]*>(?:<\/script>)?/g,
    (tag, url: string) => (ours.has(url) ? '' : tag),
  );
  if (!page.includes(rootElement)) throw new Error(`index.html has no ${rootElement}`);
  // A shell's languages side by side, within gzip's 32 KB window of each other.
  const pictures = Object.fromEntries(
    Object.entries(shells)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, markup]) => [name, pictureOf(markup)]),
  );
  const { css: _css, ...rest } = files;
  const data: LandingData = { ...rest, shells: pictures };
  // `<` is written escaped so that no shell's markup can end the element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // Each stylesheet in the page is named by a disabled link, which the browser does not fetch: Vite's
  // preload of a later chunk adds only the stylesheets no link names, so none is applied a second time
  // (after the page's own rules, where it would undo them).
  const named = files.css.map((f) => `<link rel="stylesheet" href="${base}${f}" disabled>`).join('');
  return page
    .replace('</head>', `<style>${style}</style>${named}\n</head>`)
    .replace(
      rootElement,
      `${rootElement}\n<script type="application/json" id="landing-data">${json}</script>\n<script>${script}</script>`,
    );
}

/**
 * A first visit paints from index.html alone: the landing's shell (rendered at build time by the same
 * components) with its CSS in the page, and no script before that paint. Runs after Vite has written
 * its manifest and the page into the bundle.
 */
export const landing = (): Plugin => {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'ptt-landing',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const asset = (file: string) => {
          const found = bundle[file];
          if (found?.type !== 'asset') throw new Error(`${file} is not in the bundle (build.manifest on?)`);
          return found;
        };
        const manifest = JSON.parse(textOf(asset('.vite/manifest.json').source)) as Manifest;
        const files = landingFiles(manifest, base);
        const style = files.css.map((f) => textOf(asset(f).source)).join('\n');
        const [shells, script] = await Promise.all([renderShells(root), compileLanding(root)]);
        const html = asset('index.html');
        html.source = landingPage(textOf(html.source), files, style, script, shells, base);
      },
    },
  };
};
