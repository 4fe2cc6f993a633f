import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll position of each history entry seen in this tab, by location key. */
const positions = new Map<string, number>();

/**
 * A signed-in page opens at its top; back and forward return to where that entry was scrolled. The
 * router's own ScrollRestoration does this too, but belongs in the root layout and adds 0.9 KB gzip to
 * the login route (docs/decisions.md); this hook runs in the signed-in layout's chunk.
 */
export function useScrollMemory() {
  const { key } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    window.scrollTo(0, type === 'POP' ? (positions.get(key) ?? 0) : 0);
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key, type]);
}
