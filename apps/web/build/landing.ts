import type { OutputBundle } from 'rollup';
import type { Plugin } from 'vite';

/**
 * The pages a visit can open on, by path (and `path:role` for what only one role's home loads), and
 * the texts of each language, as source modules.
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

export interface LandingFiles {
  /** The entry module and the modules it imports statically. */
  entry: string;
  boot: string[];
  /** The stylesheets of the entry and of every landing, written into the page: every landing has a shell. */
  css: string[];
  /** What each landing and each language needs beyond the entry (less the CSS already in the page). */
  pages: Record<string, string[]>;
  texts: Record<string, string[]>;
}

/** Reads the bundle for the files of the entry, of each landing and of each language's texts. */
export function landingFiles(bundle: OutputBundle, base: string): LandingFiles {
  const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('the bundle has no entry chunk');
  const byModule = (src: string) => chunks.find((c) => c.facadeModuleId?.endsWith(`/${src}`));
  const withEntry = new Set<string>();
  const walk = (file: string, into: Set<string>) => {
    if (into.has(file) || withEntry.has(file)) return;
    into.add(file);
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const next of chunk.imports) walk(next, into);
  };
  walk(entry.fileName, withEntry);
  const filesOf = (sources: string[]) => {
    const files = new Set<string>();
    for (const src of sources) {
      const chunk = byModule(src);
      if (chunk) walk(chunk.fileName, files);
    }
    return [...files];
  };
  const isCss = (file: string) => file.endsWith('.css');
  const css = [...new Set([...withEntry, ...filesOf(Object.values(landings).flat())])].filter(isCss);
  const urls = (files: string[]) => files.filter((f) => !css.includes(f)).map((f) => `${base}${f}`);
  const map = (sources: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(sources).map(([key, src]) => [key, urls(filesOf(src))]));
  return {
    entry: `${base}${entry.fileName}`,
    boot: urls([...withEntry].filter((f) => f !== entry.fileName)),
    css,
    pages: map(landings),
    texts: map(texts),
  };
}

/**
 * The page's script, after `#root`: it puts the shell of the path (and of the signed-in role on the
 * home) in the stored language (English when none is stored) into `#root`, inert, then starts the app
 * once that has painted. The scripts the landing needs are asked for then: what the entry imports, the
 * landing's chunks for the path and the signed-in role, the language's texts, and last the entry. They
 * are asked for six at a time, a task each: asking for the home's 45 files in one task took 150–210 ms
 * of the page's thread in Chromium at 4× CPU slowdown, a long task after the first paint
 * (docs/performance.md). In a hidden tab nothing paints, so it starts at once.
 */
export function landingScript(files: LandingFiles, shells: Record<string, string>): string {
  const data = [files.pages, files.texts, files.boot, files.entry, shells]
    .map((x) => JSON.stringify(x))
    .join(',');
  return `(function(d,p,l,b,e,h){var s,r,w=location.pathname,o=d.getElementById('root');try{s=localStorage.getItem('lang');r=JSON.parse(sessionStorage.getItem('loginInfo')).role}catch(x){}if(!l[s])s='en';var t=h[(w==='/'?'login':w==='/home'&&(r===0||r===1)?'home'+r:'loading')+':'+s];if(t&&o&&!o.firstChild){var c=d.createElement('div');c.inert=true;c.style.display='contents';c.innerHTML=t;o.appendChild(c);d.documentElement.lang=s}function add(f,m){var k=d.createElement(m?'script':'link');k.crossOrigin='';if(m){k.type='module';k.src=f}else if(/\\.css$/.test(f)){k.rel='stylesheet';k.href=f}else{k.rel='modulepreload';k.href=f}d.head.appendChild(k)}function go(){var q=b.concat(p[w]||[],p[w+':'+r]||[],l[s]);(function next(){q.splice(0,6).forEach(function(f){add(f)});if(q.length)setTimeout(next);else add(e,1)})()}if(d.hidden)go();else requestAnimationFrame(function(){setTimeout(go)})})(document,${data})`;
}

/**
 * A shell is a picture: its ids, label links and test ids go, so that nothing (a label, a test, a
 * script) finds it instead of the live page that replaces it.
 */
export const pictureOf = (html: string) =>
  html.replace(/ (id|for|data-testid|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '');

/** Renders the shells of src/app/prerender.tsx through Vite's SSR, from the same sources the app builds. */
async function renderShells(root: string): Promise<Record<string, string>> {
  // Imported here: the landing's script is tested in a browser-like environment, where Vite cannot load.
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

const assetText = (bundle: OutputBundle, file: string) => {
  const asset = bundle[file];
  if (asset?.type !== 'asset') throw new Error(`${file} is not an asset of the bundle`);
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
};

const rootElement = '<div id="root"></div>';

/**
 * A first visit paints from index.html alone: the landing's shell (rendered at build time by the same
 * components) with its CSS in the page, and no script before that paint. The scripts start right after
 * it. Measured with Lighthouse's mobile preset (docs/performance.md). Before, the page
 * painted nothing until the entry, the texts and the page's chunk had arrived and run.
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
    transformIndexHtml: {
      order: 'post',
      handler: async (html, ctx) => {
        if (!ctx.bundle) return html;
        const files = landingFiles(ctx.bundle, base);
        // Vite's own tags for the entry: the script, its preloads and its stylesheet start after the paint
        // or are written into the page instead.
        const ours = new Set([files.entry, ...files.boot, ...files.css.map((f) => `${base}${f}`)]);
        const page = html.replace(
          /\s*<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"[^>]*>(?:<\/script>)?/g,
          (tag, url: string) => (ours.has(url) ? '' : tag),
        );
        const shells = await renderShells(root);
        const style = files.css.map((f) => assetText(ctx.bundle as OutputBundle, f)).join('\n');
        // A shell's languages side by side, within gzip's 32 KB window of each other. Only the shell the
        // visit shows is parsed into the page; the others stay strings.
        const pictures = Object.fromEntries(
          Object.entries(shells)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([name, markup]) => [name, pictureOf(markup)]),
        );
        if (!page.includes(rootElement)) throw new Error(`index.html has no ${rootElement}`);
        return {
          html: page,
          tags: [
            { tag: 'style', children: style, injectTo: 'head' },
            // `<` is written escaped so that no shell's markup can end the script.
            {
              tag: 'script',
              children: landingScript(files, pictures).replace(/</g, '\\u003c'),
              injectTo: 'body',
            },
          ],
        };
      },
    },
  };
};
