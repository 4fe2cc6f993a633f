import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAppInfo } from '../api/app-info.ts';
import { setTransportHooks } from '../api/transport-hooks.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { useProductTitle } from '../components/use-product-title.ts';
import { assetUrl } from '../lib/config.ts';
import { useChunkLoading } from './lazy-page.tsx';
import { OfflineState } from './offline.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

export const RootLayout = () => {
  const title = useProductTitle();
  const info = useAppInfo();
  const chunkLoading = useChunkLoading();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    setTransportHooks({
      toLogin: () => {
        if (window.location.pathname !== '/') void navigate('/', { replace: true });
      },
    });
  }, [navigate]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link && info?.icon) link.href = assetUrl(info.icon);
  }, [info?.icon]);

  return (
    <>
      {chunkLoading && <div className="nav-progress" aria-hidden />}
      <OfflineState />
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
};
