import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaflet } from '../../components/map/use-leaflet.ts';
import { useMapConfig } from '../../components/map/use-map-config.ts';
import { loadClusterLeaflet } from './cluster-leaflet.ts';
import { type FleetRow, type FleetState, type FleetStore, stateOf } from './fleet-store.ts';

interface Props {
  store: FleetStore;
  onSelect: (terminalId: number) => void;
  /** A terminal to zoom to; a new object zooms again to the same one. */
  focus?: { terminalId: number } | null;
  label: string;
}

const placed = (row: FleetRow): row is FleetRow & { lat: number; lng: number } =>
  row.lat !== null && row.lng !== null;

/**
 * The fleet's last positions as clustered markers (green online, grey offline, red SOS; a cluster takes
 * the most urgent state inside it). Markers are made once and then moved and recoloured in place as the
 * store changes, so thousands of terminals stay smooth.
 */
export const FleetMapView = ({ store, onSelect, focus, label }: Props) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // A map that cannot load its chunk stays on its placeholder, as MapView does.
  const L = useLeaflet(loadClusterLeaflet);
  const [map, setMap] = useState<Leaflet.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const tiles = useMapConfig();
  const config = tiles.data;
  const opening = config?.center ?? (tiles.isError ? { lat: 0, lng: 0 } : undefined);

  const canOpen = opening !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map opens once, where it first can
  useEffect(() => {
    if (!L || !box.current || !opening) return;
    const m = L.map(box.current, { zoomControl: false }).setView([opening.lat, opening.lng], 12);
    // Leaflet's own buttons are titled in English: a screen reader reads them in the screen's language.
    L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(m);
    setMap(m);
    return () => {
      m.remove();
      setMap(null);
    };
  }, [L, canOpen]);

  useEffect(() => {
    if (!L || !map || !config) return;
    const layer = L.tileLayer(config.tile_url, { maxZoom: config.max_zoom, attribution: config.attribution });
    layer.on('tileerror', () => setTilesFailed(true));
    layer.on('tileload', () => setTilesFailed(false));
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [L, map, config]);

  useEffect(() => {
    if (!L || !map) return;
    const fleet = drawFleet(L, map, store, (id) => select.current(id));
    setDrawn(fleet);
    return () => {
      fleet.dispose();
      setDrawn(null);
    };
  }, [L, map, store]);

  useEffect(() => {
    if (drawn && focus) drawn.show(focus.terminalId);
  }, [drawn, focus]);

  return (
    <div className="map-view fleet-map" data-testid="fleet-map">
      <div ref={box} className="map-view__map fleet-map__map" role="application" aria-label={label} />
      {drawn && (
        <button type="button" className="fleet-map__fit" onClick={() => drawn.fit()} data-testid="fleet-fit">
          {t('fleet.fitAll')}
        </button>
      )}
      {tilesFailed && <div className="map-view__offline">{t('map.tilesUnavailable')}</div>}
    </div>
  );
};

interface Drawn {
  /** Zooms in until the terminal's marker stands alone on the map. */
  show: (terminalId: number) => void;
  /** Shows every placed terminal of the fleet. */
  fit: () => void;
  dispose: () => void;
}

/** Keeps the markers of `store` on `map`. */
const drawFleet = (
  L: typeof Leaflet,
  map: Leaflet.Map,
  store: FleetStore,
  onSelect: (id: number) => void,
): Drawn => {
  const icon = (state: FleetState) =>
    L.divIcon({ className: `fleet-dot fleet-dot--${state}`, iconSize: [18, 18], iconAnchor: [9, 9] });
  const icons: Record<FleetState, Leaflet.DivIcon> = {
    sos: icon('sos'),
    online: icon('online'),
    offline: icon('offline'),
  };
  const stateOfMarker = new WeakMap<Leaflet.Marker, FleetState>();
  const idOfMarker = new WeakMap<Leaflet.Marker, number>();
  const markers = new Map<number, Leaflet.Marker>();

  const group = L.markerClusterGroup({
    chunkedLoading: true,
    showCoverageOnHover: false,
    spiderfyOnMaxZoom: true,
    maxClusterRadius: 60,
    iconCreateFunction: (cluster) => {
      const children = cluster.getAllChildMarkers();
      const states = new Set(children.map((m) => stateOfMarker.get(m)));
      const state: FleetState = states.has('sos') ? 'sos' : states.has('online') ? 'online' : 'offline';
      const count = cluster.getChildCount();
      const size = count < 100 ? 36 : count < 1000 ? 42 : 48;
      return L.divIcon({
        html: `<span>${count}</span>`,
        className: `fleet-cluster fleet-cluster--${state}`,
        iconSize: [size, size],
      });
    },
  });
  group.on('click', (e: Leaflet.LeafletEvent) => {
    const id = idOfMarker.get(e.propagatedFrom as Leaflet.Marker);
    if (id !== undefined) onSelect(id);
  });
  group.addTo(map);

  const make = (row: FleetRow & { lat: number; lng: number }) => {
    const state = stateOf(row);
    const marker = L.marker([row.lat, row.lng], {
      icon: icons[state],
      title: row.name,
      alt: row.name,
      keyboard: false,
    });
    // The name beside the dot, so a terminal is known without a tap (a cluster hides its markers' names).
    marker.bindTooltip(row.name, {
      permanent: true,
      direction: 'right',
      offset: [4, 0],
      className: 'fleet-label',
    });
    stateOfMarker.set(marker, state);
    idOfMarker.set(marker, row.terminal_id);
    markers.set(row.terminal_id, marker);
    return marker;
  };

  /**
   * Fits the view to every marker. A container not laid out yet (a page still entering, a list view
   * switched back) has no size; a fit then would compute a zoom from a negative size (its padding
   * exceeds it) and leave the map blank, which is what an empty fleet map on opening was. Such a fit
   * waits for the container's first size instead.
   */
  let fitted = false;
  const fit = () => {
    map.invalidateSize();
    const size = map.getSize();
    const bounds = L.latLngBounds([...markers.values()].map((m) => m.getLatLng()));
    if (size.x <= 64 || size.y <= 64 || !bounds.isValid()) return false;
    // Without animation: a zoom still under way would take the view back from a terminal shown at once.
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 16, animate: false });
    return true;
  };
  const sized = new ResizeObserver(() => {
    map.invalidateSize();
    if (!fitted) fitted = fit();
  });
  sized.observe(map.getContainer());

  const redrawAll = () => {
    group.clearLayers();
    markers.clear();
    group.addLayers(store.all().filter(placed).map(make));
    fitted = fit();
  };

  // New markers (a later page of the fleet, a first fix) go in with one call, which the cluster group
  // spreads over frames (chunkedLoading) instead of reclustering once per marker.
  const update = (rows: FleetRow[]) => {
    const recoloured: Leaflet.Marker[] = [];
    const added: Leaflet.Marker[] = [];
    for (const row of rows) {
      if (!placed(row)) continue;
      const marker = markers.get(row.terminal_id);
      if (!marker) {
        added.push(make(row));
        continue;
      }
      const at = marker.getLatLng();
      if (at.lat !== row.lat || at.lng !== row.lng) marker.setLatLng([row.lat, row.lng]);
      const state = stateOf(row);
      if (stateOfMarker.get(marker) !== state) {
        stateOfMarker.set(marker, state);
        marker.setIcon(icons[state]);
        recoloured.push(marker);
      }
    }
    if (added.length) group.addLayers(added);
    if (recoloured.length) group.refreshClusters(recoloured);
  };

  redrawAll();
  const off = store.subscribe((changed) => (changed ? update(changed) : redrawAll()));
  return {
    fit: () => {
      fitted = fit();
    },
    show: (terminalId) => {
      const marker = markers.get(terminalId);
      if (!marker) return;
      map.setView(marker.getLatLng(), Math.max(map.getZoom(), 17), { animate: false });
      group.zoomToShowLayer(marker);
    },
    dispose: () => {
      off();
      sized.disconnect();
      group.remove();
    },
  };
};
