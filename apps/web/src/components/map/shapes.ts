/** What a map shows, in plain data, so pages describe their map and never touch Leaflet themselves. */
export type LatLng = { lat: number; lng: number };

export type MapShape = (
  | { kind: 'circle'; center: LatLng; radius: number }
  | { kind: 'polygon'; points: LatLng[] }
) & {
  /** Its name in a tooltip (a fence beside the one being drawn). */
  label?: string;
  /** other draws it grey and dashed, beside the shape that matters; it is not fitted to. */
  tone?: 'default' | 'other';
};

export type MapMarker = LatLng & {
  /** Text shown in the marker's tooltip (terminal name, time). */
  label?: string;
  /**
   * alarm draws the marker red (an SOS, a fence alarm); vertex draws a small handle of a shape being
   * drawn; other a small grey dot of something shown for reference (a terminal beside a fence being drawn).
   */
  tone?: 'default' | 'alarm' | 'vertex' | 'other';
};

export type MapContent = {
  markers?: MapMarker[];
  /** A path drawn as a line, oldest point first (a location track). */
  track?: LatLng[];
  shapes?: MapShape[];
};
