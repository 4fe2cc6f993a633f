import 'antd-mobile/es/global';
import './global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// The declarative router: the data router's loaders and actions, which the app does not use, would add
// 17 KB gzip to the login route (docs/decisions.md).
import { BrowserRouter } from 'react-router';
import { setTransportHooks } from '../api/transport-hooks.ts';
import { showToast } from '../components/toast.ts';
import { i18nReady } from '../i18n/i18n.ts';
import { AppRoutes, preloadRoute } from './routes.tsx';
import { registerServiceWorkerWhenIdle } from './service-worker.ts';

// The root layout adds the router's way to the login page.
setTransportHooks({ toast: showToast });

// The page's chunks load while the texts do.
const pageReady = preloadRoute(window.location.pathname);

// The installable app's service worker, registered once the page has loaded and is idle.
if (import.meta.env.PROD) registerServiceWorkerWhenIdle();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Rendered once the language's texts and the page's chunks are in, so the first render draws the page
// itself over the prerendered shell of index.html (build/landing.ts), never a loading state between
// the two. Without the texts the app still renders (showing keys) rather than keep the shell. A
// top-level await here instead made the bundler keep the modules the entry shares with the pages out
// of the entry's chunk: ten more small files before a first visit could paint. The first render is a
// transition, which React renders in slices: the shell is already on screen, and the slices keep the
// page responsive while the app takes over (docs/performance.md).
void Promise.all([i18nReady.catch(() => undefined), pageReady]).then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  ),
);
