/** Texts of the shared map. */
export const mapTexts = {
  en: { map: { tilesUnavailable: 'Map tiles unavailable — shapes and positions still shown' } },
  zhHant: { map: { tilesUnavailable: '地圖底圖無法載入，圖形與位置仍可顯示' } },
  zhHans: { map: { tilesUnavailable: '地图底图无法加载，图形与位置仍可显示' } },
};
