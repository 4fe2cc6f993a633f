/** Texts of the shared map, in English. */
export const mapEn = {
  map: { tilesUnavailable: 'Map tiles unavailable — shapes and positions still shown' },
};
