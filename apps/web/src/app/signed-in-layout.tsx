import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { QueryScope } from '../api/query-scope.tsx';
import { installAntdRender } from '../components/antd-render.ts';
import { isLanguage, type Language } from '../i18n/languages.ts';
import { lazyComponent } from '../lib/lazy-component.tsx';
import { useChunkLoading } from './lazy-page.tsx';
import { useScrollMemory } from './use-scroll-memory.ts';

// Dialogs and toasts of the signed-in screens render through React 19's createRoot.
installAntdRender();

/**
 * The event stream and the SOS alarm, loaded once the first screen has settled: they must not delay it,
 * and a chunk that fails to arrive leaves the console with the count's poll rather than an error page.
 */
const live = lazyComponent(() =>
  import('./live-layer.tsx').then(
    (m) => m.LiveLayer,
    () => () => null,
  ),
);

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1_000);
  return () => clearTimeout(timer);
};

const LiveWhenIdle = () => {
  const [ready, setReady] = useState(false);
  // After the page's own chunks, not beside them.
  const pageLoading = useChunkLoading();
  useEffect(() => {
    // Without EventSource there is no stream to open (nor alarm to raise): the count's poll remains.
    if (ready || pageLoading || typeof EventSource === 'undefined') return;
    return whenIdle(() => setReady(true));
  }, [ready, pageLoading]);
  return ready ? <Suspense fallback={null}>{live.element}</Suspense> : null;
};

const antdLocales = { en: enUS, 'zh-Hant': zhTW, 'zh-Hans': zhCN } satisfies Record<Language, unknown>;

/**
 * Everything behind the login. TanStack Query lives here rather than at the root so the login route does
 * not load it, and each sign-in starts with an empty cache (no data of a previous account).
 */
export const Component = () => {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  useScrollMemory();
  return (
    <QueryScope>
      <ConfigProvider locale={antdLocales[lang]}>
        <Outlet />
        <LiveWhenIdle />
      </ConfigProvider>
    </QueryScope>
  );
};
