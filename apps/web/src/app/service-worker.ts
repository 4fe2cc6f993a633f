/**
 * Registers the service worker (built from src/sw.ts) for the whole site once the page has loaded and
 * the browser is idle: nothing of it is on the way to the first paint or the first input, and the
 * worker's precaching starts when the page has what it needs.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 10_000 });
    else setTimeout(register, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
