import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { Component as LoginPage } from '../features/auth/login-page.tsx';
import { changeLanguage } from '../i18n/i18n.ts';
import { type Language, languages } from '../i18n/languages.ts';

/** What a first visit paints from index.html: the login on its page, the loading state elsewhere. */
export type ShellName = 'login' | 'loading';

/**
 * The shells of index.html, rendered at build time (build/landing.ts) by the same components the app
 * renders first, in each language: the page's first paint needs no script, and the app's first render
 * replaces a shell with the same picture. They are rendered as a first visit sees them: no stored
 * role or account, no operator branding yet.
 */
export async function renderShells(): Promise<Record<`${ShellName}:${Language}`, string>> {
  const shells = {} as Record<`${ShellName}:${Language}`, string>;
  for (const lang of languages) {
    await changeLanguage(lang);
    shells[`login:${lang}`] = renderToString(
      <StrictMode>
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>
      </StrictMode>,
    );
    shells[`loading:${lang}`] = renderToString(<PageLoading />);
  }
  return shells;
}
