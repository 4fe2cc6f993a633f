import 'antd-mobile/es/global';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// The app renders after the stored language's texts have loaded; tests start the same way.
const { i18nReady } = await import('../src/i18n/i18n.ts');
await i18nReady;

// Toasts and dialogs load their UI kit modules on first use; loaded here, a toast raised as a test ends
// has nothing left to load once the test environment is gone.
await Promise.all([
  import('antd-mobile/es/components/toast'),
  import('antd-mobile/es/components/dialog'),
  import('../src/components/antd-render.ts'),
]);
