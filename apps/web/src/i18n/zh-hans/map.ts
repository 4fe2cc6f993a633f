/** Texts of the shared map, in Simplified Chinese. */
export const mapZhHans = { map: { tilesUnavailable: '地图底图无法加载，图形与位置仍可显示' } };
