import type { OutputBundle } from 'rollup';
import { afterEach, describe, expect, it } from 'vitest';
import { landingScript } from '../build/preload-landing.ts';

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
    chunk('assets/index.js', 'src/app/main.tsx', ['assets/react.js'], [], true),
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
    chunk('assets/org-home.js', 'src/features/home/org-home.tsx', []),
    chunk('assets/en.js', 'src/i18n/en.ts', ['assets/catalogue.js']),
    chunk('assets/zh-hant.js', 'src/i18n/zh-hant.ts', ['assets/catalogue.js']),
    chunk('assets/zh-hans.js', 'src/i18n/zh-hans.ts', ['assets/catalogue.js']),
    chunk('assets/catalogue.js', null, []),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

/** Runs the page's script at `path` and lists what it asked for, as `rel href`. */
const asked = (path: string) => {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = '';
  new Function(landingScript(bundle, '/'))();
  return [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
};

describe('the landing preloads', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('start the login page, its CSS and the English texts, leaving out what the entry already brings', () => {
    expect(asked('/')).toEqual([
      'modulepreload /assets/login.js',
      'stylesheet /assets/login.css',
      'modulepreload /assets/button.js',
      'stylesheet /assets/button.css',
      'modulepreload /assets/en.js',
      'modulepreload /assets/catalogue.js',
    ]);
  });

  it('follow the stored language and the signed-in role', () => {
    localStorage.setItem('lang', 'zh-Hant');
    sessionStorage.setItem('loginInfo', JSON.stringify({ access_token: 't', openid: 'o', role: 1 }));
    expect(asked('/home')).toEqual([
      'modulepreload /assets/layout.js',
      'modulepreload /assets/home.js',
      'modulepreload /assets/org-home.js',
      'modulepreload /assets/zh-hant.js',
      'modulepreload /assets/catalogue.js',
    ]);
  });

  it('ask only for the texts on other pages, and survive unreadable storage', () => {
    localStorage.setItem('lang', 'xx');
    sessionStorage.setItem('loginInfo', '{not json');
    expect(asked('/userList')).toEqual(['modulepreload /assets/en.js', 'modulepreload /assets/catalogue.js']);
  });
});
