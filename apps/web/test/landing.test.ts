import type { OutputBundle } from 'rollup';
import { afterEach, describe, expect, it } from 'vitest';
import { landingFiles, landingScript, pictureOf } from '../build/landing.ts';

const chunk = (
  fileName: string,
  src: string | null,
  imports: string[],
  css: string[] = [],
  isEntry = false,
) => ({
  type: 'chunk',
  fileName,
  facadeModuleId: src && `/app/apps/web/${src}`,
  isEntry,
  imports,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
});

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', 'src/app/main.tsx', ['assets/react.js'], ['assets/index.css'], true),
    chunk('assets/react.js', null, []),
    chunk(
      'assets/login.js',
      'src/features/auth/login-page.tsx',
      ['assets/react.js', 'assets/button.js'],
      ['assets/login.css'],
    ),
    chunk('assets/button.js', null, [], ['assets/button.css']),
    chunk('assets/layout.js', 'src/app/signed-in-layout.tsx', ['assets/react.js']),
    chunk('assets/home.js', 'src/features/home/home-page.tsx', []),
    chunk('assets/agent-home.js', 'src/features/home/agent-home.tsx', ['assets/button.js']),
    chunk('assets/org-home.js', 'src/features/home/org-home.tsx', [], ['assets/org-home.css']),
    chunk('assets/en.js', 'src/i18n/en.ts', ['assets/catalogue.js']),
    chunk('assets/zh-hant.js', 'src/i18n/zh-hant.ts', ['assets/catalogue.js']),
    chunk('assets/zh-hans.js', 'src/i18n/zh-hans.ts', ['assets/catalogue.js']),
    chunk('assets/catalogue.js', null, []),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

const files = landingFiles(bundle, '/');
const shells = Object.fromEntries(
  ['login', 'home0', 'home1', 'loading'].flatMap((shell) =>
    ['en', 'zh-Hant', 'zh-Hans'].map((lang) => [
      `${shell}:${lang}`,
      `<h1 class="shell">${shell}:${lang}</h1>`,
    ]),
  ),
);

/** Opens the page at `path`: its root and its script; returns what the script asked for. */
const open = async (path: string, hidden = false) => {
  window.history.replaceState(null, '', path);
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  new Function(landingScript(files, shells))();
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

  it('writes the CSS of the entry, the login and the homes into the page, and leaves it out of what loads later', () => {
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

  it('follows the stored language and the signed-in role', async () => {
    localStorage.setItem('lang', 'zh-Hant');
    sessionStorage.setItem('loginInfo', JSON.stringify({ access_token: 't', openid: 'o', role: 1 }));
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

  it('asks for the files six at a time, a task each, and for the entry last', async () => {
    const many = { ...files, boot: Array.from({ length: 14 }, (_, i) => `/assets/shared-${i}.js`) };
    window.history.replaceState(null, '', '/');
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    new Function(landingScript(many, shells))();
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

  it('paints the loading state on the home without a readable session (the guard sends to the login)', async () => {
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
});
