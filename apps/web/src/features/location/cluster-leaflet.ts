/// <reference types="leaflet.markercluster" />
import type * as Leaflet from 'leaflet';
import 'leaflet.markercluster/dist/MarkerCluster.css';

/**
 * Leaflet with marker clustering, loaded with the first fleet map. The clustering plugin extends the
 * global `L` that Leaflet defines, so it is loaded only once Leaflet is in and named there.
 */
export const loadClusterLeaflet = async (): Promise<typeof Leaflet> => {
  const L = (await import('leaflet')).default;
  (window as unknown as { L: typeof Leaflet }).L = L;
  await import('leaflet.markercluster');
  return L;
};
