import { afterEach, describe, expect, it } from 'vitest';
import { landingFiles, landingPage, type Manifest, pictureOf } from '../build/landing.ts';
import { type LandingData, land } from '../src/app/landing.ts';
import { setLoginInfo, setStoredLanguage } from '../src/lib/storage.ts';

const chunk = (file: string, imports: string[] = [], css: string[] = [], isEntry = false) => ({
  file,
  imports,
  css,
  isEntry,
});

// A build manifest as Vite writes it: keys are source paths, or `_name` for shared chunks.
const manifest: Manifest = {
  'index.html': chunk('assets/index.js', ['_react.js'], ['assets/index.css'], true),
  '_react.js': chunk('assets/react.js'),
  'src/features/auth/login-page.tsx': chunk(
    'assets/login.js',
    ['_react.js', '_button.js'],
    ['assets/login.css'],
  ),
  '_button.js': chunk('assets/button.js', [], ['assets/button.css']),
  'src/app/signed-in-layout.tsx': chunk('assets/layout.js', ['_react.js']),
  'src/features/home/home-page.tsx': chunk('assets/home.js'),
  'src/features/home/agent-home.tsx': chunk('assets/agent-home.js', ['_button.js']),
  'src/features/home/org-home.tsx': chunk('assets/org-home.js', [], ['assets/org-home.css']),
  'src/i18n/en.ts': chunk('assets/en.js', ['_catalogue.js']),
  'src/i18n/zh-hant.ts': chunk('assets/zh-hant.js', ['_catalogue.js']),
  'src/i18n/zh-hans.ts': chunk('assets/zh-hans.js', ['_catalogue.js']),
  '_catalogue.js': chunk('assets/catalogue.js'),
};

const files = landingFiles(manifest, '/');
const shells = Object.fromEntries(
  ['login', 'home0', 'home1', 'loading'].flatMap((shell) =>
    ['en', 'zh-Hant', 'zh-Hans'].map((lang) => [
      `${shell}:${lang}`,
      `<h1 class="shell">${shell}:${lang}</h1>`,
    ]),
  ),
);
const data: LandingData = { ...files, shells };

/** Opens the page at `path` and runs the landing; returns what it asked for after the first paint. */
const open = async (path: string, hidden = false, landing = data) => {
  window.history.replaceState(null, '', path);
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  land(landing);
  const before = document.head.children.length;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));
  const asked = [...document.head.children].map((e) =>
    e instanceof HTMLScriptElement
      ? `script ${e.getAttribute('src')}`
      : `${e.getAttribute('rel')} ${e.getAttribute('href')}`,
  );
  return { before, asked, root: document.getElementById('root') as HTMLElement };
};

describe('the landing', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.lang = 'en';
  });

  it('reads the manifest: the CSS of the entry, the login and the homes goes into the page, and out of what loads later', () => {
    expect(files.css).toEqual([
      'assets/index.css',
      'assets/login.css',
      'assets/button.css',
      'assets/org-home.css',
    ]);
    expect(files.entry).toBe('/assets/index.js');
    expect(files.boot).toEqual(['/assets/react.js']);
    expect(files.pages['/']).toEqual(['/assets/login.js', '/assets/button.js']);
    expect(files.pages['/home:1']).toEqual(['/assets/org-home.js']);
    expect(files.texts['zh-Hant']).toEqual(['/assets/zh-hant.js', '/assets/catalogue.js']);
  });

  it('fails the build when the manifest lacks a landing', () => {
    const { 'src/features/home/org-home.tsx': _, ...without } = manifest;
    expect(() => landingFiles(without, '/')).toThrow(/org-home/);
  });

  it('paints the login shell, inert, and starts the scripts only after that paint', async () => {
    const { before, asked, root } = await open('/');
    expect(before).toBe(0);
    const shell = root.firstElementChild as HTMLElement;
    expect(shell.inert).toBe(true);
    expect(shell.style.display).toBe('contents');
    expect(shell.textContent).toBe('login:en');
    expect(asked).toEqual([
      'modulepreload /assets/react.js',
      'modulepreload /assets/login.js',
      'modulepreload /assets/button.js',
      'modulepreload /assets/en.js',
      'modulepreload /assets/catalogue.js',
      'script /assets/index.js',
    ]);
  });

  it('follows the language and the signed-in role the app stored', async () => {
    setStoredLanguage('zh-Hant');
    setLoginInfo({ access_token: 't', openid: 'o', role: 1 });
    const { asked, root } = await open('/home');
    expect(root.textContent).toBe('home1:zh-Hant');
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(asked).toEqual([
      'modulepreload /assets/react.js',
      'modulepreload /assets/layout.js',
      'modulepreload /assets/home.js',
      'modulepreload /assets/org-home.js',
      'modulepreload /assets/zh-hant.js',
      'modulepreload /assets/catalogue.js',
      'script /assets/index.js',
    ]);
  });

  it('paints and loads the home for a signed-in visit to /, where the guard sends him', async () => {
    setLoginInfo({ access_token: 't', openid: 'o', role: 1 });
    const { asked, root } = await open('/');
    expect(root.textContent).toBe('home1:en');
    expect(asked).toContain('modulepreload /assets/org-home.js');
  });

  it('asks for the files six at a time, a task each, and for the entry last', async () => {
    const many = { ...data, boot: Array.from({ length: 14 }, (_, i) => `/assets/shared-${i}.js`) };
    window.history.replaceState(null, '', '/');
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    land(many);
    const asked = () =>
      [...document.head.children].map((e) => e.getAttribute('href') ?? e.getAttribute('src'));
    expect(asked()).toEqual(many.boot.slice(0, 6));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toEqual([
      ...many.boot,
      '/assets/login.js',
      '/assets/button.js',
      '/assets/en.js',
      '/assets/catalogue.js',
      '/assets/index.js',
    ]);
  });

  it('paints the loading state on the home without a valid session (the guard sends to the login)', async () => {
    sessionStorage.setItem('loginInfo', JSON.stringify({ access_token: 't', openid: 'o', role: 7 }));
    expect((await open('/home')).root.textContent).toBe('loading:en');
  });

  it('survives unreadable storage, and starts at once in a hidden tab, where nothing paints', async () => {
    localStorage.setItem('lang', 'xx');
    sessionStorage.setItem('loginInfo', '{not json');
    const { before, asked, root } = await open('/userList', true);
    expect(root.textContent).toBe('loading:en');
    expect(before).toBe(4);
    expect(asked.at(-1)).toBe('script /assets/index.js');
  });

  it('makes a shell a picture that no label, test or script finds', () => {
    expect(
      pictureOf(
        '<label for="username" id="l">A</label><input id="username" aria-describedby="e" data-testid="u" class="f"/>',
      ),
    ).toBe('<label>A</label><input class="f"/>');
  });

  it('writes the page: the entry’s own tags go, the CSS goes into the head, the data and script after #root', () => {
    const html = [
      '<html><head><script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
      '<link rel="icon" href="/favicon.svg"></head>',
      '<body><div id="root"></div></body></html>',
    ].join('\n');
    const page = landingPage(html, files, '.a{}', 'run()', { 'login:en': '<p>x</script></p>' });
    expect(page).not.toMatch(/<script type="module"|rel="modulepreload"|rel="stylesheet" crossorigin/);
    // Named by links the browser does not fetch, so that Vite's preloads do not apply them again.
    expect(page).toContain('<link rel="stylesheet" href="/assets/index.css" disabled>');
    expect(page).toContain('<link rel="icon" href="/favicon.svg">');
    expect(page).toMatch(/<style>\.a\{\}<\/style>(<link [^>]*>)*\n<\/head>/);
    const json =
      /<script type="application\/json" id="landing-data">(.*)<\/script>\n<script>run\(\)<\/script>/.exec(
        page,
      )?.[1];
    expect(json).not.toContain('</');
    const written = JSON.parse(json ?? '{}') as LandingData;
    expect(written.shells['login:en']).toBe('<p>x</script></p>');
    expect(written.entry).toBe('/assets/index.js');
    expect(written).not.toHaveProperty('css');
  });
});
