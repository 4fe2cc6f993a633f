/** Texts of the shared map, in Simplified Chinese. */
export const mapZhHans = {
  map: { zoomIn: '放大', zoomOut: '缩小', tilesUnavailable: '地图底图无法加载，图形与位置仍可显示' },
};
