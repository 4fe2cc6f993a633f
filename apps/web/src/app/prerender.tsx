import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { Component as LoginPage } from '../features/auth/login-page.tsx';
import { AgentHome } from '../features/home/agent-home.tsx';
import { OrgHome } from '../features/home/org-home.tsx';
import { changeLanguage } from '../i18n/i18n.ts';
import { type Language, languages } from '../i18n/languages.ts';
import { Component as SignedInLayout } from './signed-in-layout.tsx';

/**
 * What a first visit paints from index.html: the login on its page, the home of the signed-in role
 * (0 agent, 1 company) on its page, the loading state elsewhere.
 */
export type ShellName = 'login' | 'home0' | 'home1' | 'loading';

const atPath = (path: string, page: ReactNode, layout?: ReactNode) =>
  renderToString(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {layout ? (
            <Route element={layout}>
              <Route path={path} element={page} />
            </Route>
          ) : (
            <Route path={path} element={page} />
          )}
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );

/**
 * The shells of index.html, rendered at build time (build/landing.ts) by the same components the app
 * renders first, in each language: the page's first paint needs no script, and the app's first render
 * replaces a shell with the same picture. They are rendered as a first visit sees them: no stored
 * role or account, no operator branding and no data yet (a home's skeletons).
 */
export async function renderShells(): Promise<Record<`${ShellName}:${Language}`, string>> {
  const shells = {} as Record<`${ShellName}:${Language}`, string>;
  for (const lang of languages) {
    await changeLanguage(lang);
    shells[`login:${lang}`] = atPath('/', <LoginPage />);
    shells[`home0:${lang}`] = atPath('/home', <AgentHome />, <SignedInLayout />);
    shells[`home1:${lang}`] = atPath('/home', <OrgHome />, <SignedInLayout />);
    shells[`loading:${lang}`] = renderToString(<PageLoading />);
  }
  return shells;
}
