/** What a map shows, in plain data, so pages describe their map and never touch Leaflet themselves. */
export type LatLng = { lat: number; lng: number };

export type MapShape =
  | { kind: 'circle'; center: LatLng; radius: number }
  | { kind: 'polygon'; points: LatLng[] };

export type MapMarker = LatLng & {
  /** Text shown in the marker's tooltip (terminal name, time). */
  label?: string;
  /** alarm draws the marker red (an SOS, a fence alarm); vertex draws a small handle of a shape being drawn. */
  tone?: 'default' | 'alarm' | 'vertex';
};

export type MapContent = {
  markers?: MapMarker[];
  /** A path drawn as a line, oldest point first (a location track). */
  track?: LatLng[];
  shapes?: MapShape[];
};
