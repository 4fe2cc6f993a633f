import 'antd-mobile/es/global';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setTransportHooks } from '../api/transport-hooks.ts';
import { showToast } from '../components/toast.ts';
import { i18nReady } from '../i18n/i18n.ts';
import { routes } from './routes.tsx';

// Creating the router starts loading the first route's chunk, in parallel with the language's texts.
const router = createBrowserRouter(routes);

setTransportHooks({
  toast: showToast,
  toLogin: () => {
    if (router.state.location.pathname !== '/') void router.navigate('/', { replace: true });
  },
});

// Without its texts the app still renders (showing keys) rather than a blank page.
await i18nReady.catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
