import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../api/network-state.ts';

/** Without antd-mobile's notice (its chunk not in yet, or out of reach), the same words as plain text. */
const PlainNotice = () => {
  const { t } = useTranslation();
  return (
    <div className="offline-notice offline-notice--plain" role="status" data-testid="offline-notice">
      {t('app.offline')}
    </div>
  );
};

// The notice's chunk loads the first time the app goes offline (the service worker has precached it), so
// the login page's JavaScript does not carry it.
const Notice = lazy(() => import('../components/offline-notice.tsx').catch(() => ({ default: PlainNotice })));

export const preloadOfflineNotice = () =>
  void import('../components/offline-notice.tsx').catch(() => undefined);

export const OfflineState = () => {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Suspense fallback={<PlainNotice />}>
      <Notice />
    </Suspense>
  );
};
