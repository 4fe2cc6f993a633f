/** Texts of the shared map, in Traditional Chinese. */
export const mapZhHant = {
  map: { zoomIn: '放大', zoomOut: '縮小', tilesUnavailable: '地圖底圖無法載入，圖形與位置仍可顯示' },
};
