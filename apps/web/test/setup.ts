import 'antd-mobile/es/global';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A page's first render imports its lazy chunk, which Vite transforms on first use: on a busy machine
// that takes seconds, not the one second findBy and waitFor wait by default. Waits end as soon as what
// they look for shows, so a longer bound costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout observers antd-mobile's gestures and swipers use.
class ObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
const globals = globalThis as Record<string, unknown>;
globals.ResizeObserver ??= ObserverStub;
globals.IntersectionObserver ??= ObserverStub;
// jsdom has no layout to scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(async () => {
  cleanup();
  // Toasts and dialogs live in React roots of their own, outside what cleanup() unmounts. Closed here,
  // their unmounting (a timer away, see antd-render.ts) and React's work after it run while the window
  // still exists, not after the test environment is gone ("window is not defined").
  for (const { default: component } of imperative) component.clear();
  await new Promise((resolve) => setTimeout(resolve, 20));
  sessionStorage.clear();
  localStorage.clear();
});

// The app renders after the stored language's texts have loaded; tests start the same way.
const { i18nReady } = await import('../src/i18n/i18n.ts');
await i18nReady;

// Toasts and dialogs load their UI kit modules on first use; loaded here, a toast raised as a test ends
// has nothing left to load once the test environment is gone.
const [toast, dialog] = await Promise.all([
  import('antd-mobile/es/components/toast'),
  import('antd-mobile/es/components/dialog'),
  import('../src/components/antd-render.ts'),
]);
const imperative = [toast, dialog];
