/** Texts of the shared map, in English. */
export const mapEn = {
  map: {
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    tilesUnavailable: 'Map tiles unavailable — shapes and positions still shown',
  },
};
