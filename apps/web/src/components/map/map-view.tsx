import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng, MapContent } from './shapes.ts';
import { useLeaflet } from './use-leaflet.ts';
import { useMapConfig } from './use-map-config.ts';
import './map.css';

type Props = MapContent & {
  /**
   * Where the map opens when the content gives no bounds to fit; without it, where the server says a new
   * map opens (the account's newest fence, or its configured centre).
   */
  center?: LatLng;
  zoom?: number;
  /** Fit the view to the content whenever it changes (detail screens); off while the user draws. */
  fit?: boolean;
  /** A tap on the map (drawing a fence). */
  onTap?: (point: LatLng) => void;
  /** Where to move the map to, whenever it changes (a place found by name). */
  focus?: LatLng;
  label: string;
  testId?: string;
};

const colors = { default: '#1677ff', alarm: '#ff3141', vertex: '#ff8f1f', other: '#8c8c8c' } as const;

/**
 * A Leaflet map of markers, a track and fence shapes. Tiles come from the server's configuration; when they
 * cannot load the map keeps its grid background, its shapes and its taps, and says the tiles are missing.
 */
export const MapView = ({
  center,
  zoom = 15,
  fit = true,
  onTap,
  focus,
  label,
  testId,
  ...content
}: Props) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const L = useLeaflet();
  const map = useRef<Leaflet.Map | null>(null);
  const layer = useRef<Leaflet.LayerGroup | null>(null);
  const tapRef = useRef(onTap);
  tapRef.current = onTap;
  const config = useMapConfig();
  const tiles = config.data;
  // Without the server's word the map still opens, somewhere, so that it can be drawn on.
  const opening = center ?? tiles?.center ?? (config.isError ? { lat: 0, lng: 0 } : undefined);
  const [tilesFailed, setTilesFailed] = useState(false);

  // The map itself lives as long as the component, from the moment it knows where to open.
  const canOpen = opening !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first centre opens the map; later ones fit
  useEffect(() => {
    if (!L || !box.current || !opening) return;
    const m = L.map(box.current, { zoomControl: false, attributionControl: true }).setView(
      [opening.lat, opening.lng],
      zoom,
    );
    // Leaflet's own buttons are titled in English: a screen reader reads them in the screen's language.
    L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(m);
    m.on('click', (e: Leaflet.LeafletMouseEvent) =>
      tapRef.current?.({ lat: e.latlng.lat, lng: e.latlng.lng }),
    );
    layer.current = L.layerGroup().addTo(m);
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, [L, canOpen]);

  useEffect(() => {
    const m = map.current;
    if (!L || !m || !tiles) return;
    const tileLayer = L.tileLayer(tiles.tile_url, {
      maxZoom: tiles.max_zoom,
      attribution: tiles.attribution,
    });
    tileLayer.on('tileerror', () => setTilesFailed(true));
    tileLayer.on('tileload', () => setTilesFailed(false));
    tileLayer.addTo(m);
    return () => {
      tileLayer.remove();
    };
  }, [L, tiles]);

  const { markers, track, shapes } = content;
  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!L || !m || !group) return;
    group.clearLayers();
    const bounds = L.latLngBounds([]);
    for (const s of shapes ?? []) {
      const other = s.tone === 'other';
      // A shape shown for reference is grey and dashed, and lets taps through to the map (drawing on it).
      const style = other
        ? { color: colors.other, weight: 2, dashArray: '4 4', fillOpacity: 0.08, interactive: false }
        : { color: colors.default };
      const drawn =
        s.kind === 'circle'
          ? L.circle([s.center.lat, s.center.lng], { radius: s.radius, ...style })
          : L.polygon(
              s.points.map((p) => [p.lat, p.lng] as [number, number]),
              style,
            );
      drawn.addTo(group);
      if (s.label) drawn.bindTooltip(s.label, other ? { permanent: true, direction: 'center' } : {});
      if (!other && (s.kind === 'circle' || s.points.length > 0)) bounds.extend(drawn.getBounds());
    }
    if (track && track.length > 0) {
      const line = L.polyline(
        track.map((p) => [p.lat, p.lng] as [number, number]),
        { color: colors.default, weight: 4 },
      ).addTo(group);
      bounds.extend(line.getBounds());
    }
    for (const mk of markers ?? []) {
      const tone = mk.tone ?? 'default';
      const dot = L.circleMarker([mk.lat, mk.lng], {
        radius: tone === 'vertex' || tone === 'other' ? 6 : 9,
        color: '#fff',
        weight: 2,
        fillColor: colors[tone],
        fillOpacity: 1,
        interactive: tone !== 'vertex',
      }).addTo(group);
      if (mk.label) dot.bindTooltip(mk.label);
      if (tone !== 'other') bounds.extend([mk.lat, mk.lng]);
    }
    // The box may have changed size since the map opened (styles of a page arriving late).
    m.invalidateSize();
    if (fit && bounds.isValid()) m.fitBounds(bounds, { padding: [24, 24], maxZoom: 17 });
  }, [L, markers, track, shapes, fit]);

  useEffect(() => {
    if (focus) map.current?.setView([focus.lat, focus.lng], Math.max(map.current.getZoom(), 14));
  }, [focus]);

  return (
    <div className="map-view" data-testid={testId}>
      <div ref={box} className="map-view__map" role="application" aria-label={label} />
      {tilesFailed && <div className="map-view__offline">{t('map.tilesUnavailable')}</div>}
    </div>
  );
};
