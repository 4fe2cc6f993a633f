import type * as Leaflet from 'leaflet';
import { useEffect, useState } from 'react';

const loadLeaflet = async (): Promise<typeof Leaflet> => (await import('leaflet')).default;

/**
 * Leaflet, arriving with the first map on screen rather than with the page that holds it; null until then.
 * A chunk that cannot load (offline, a new build) leaves the map on its placeholder; the next map on
 * screen asks again. Caught, so no rejection escapes (nor one after a test's page is gone).
 */
export const useLeaflet = (load: () => Promise<typeof Leaflet> = loadLeaflet) => {
  const [L, setLeaflet] = useState<typeof Leaflet | null>(null);
  useEffect(() => {
    let live = true;
    load()
      .then((loaded) => {
        if (live) setLeaflet(loaded);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load]);
  return L;
};
