import type { locationEn } from '../en/location.ts';

/** Texts of the live fleet map, in Traditional Chinese. */
export const locationZhHant: typeof locationEn = {
  fleet: {
    fitAll: '顯示全部終端',
    title: '即時車隊地圖',
    open: '開啟即時車隊地圖',
    map: '地圖',
    list: '列表',
    mapLabel: '車隊最新位置地圖',
    chooseCompany: '選擇單位',
    searchCompany: '搜尋單位',
    noCompanies: '沒有單位',
    pickFirst: '請先選擇單位以查看其車隊。',
    summary: '{{online}} 在線 · {{sos}} SOS · 共 {{total}} 台終端',
    online: '在線',
    offline: '離線',
    sos: 'SOS 求救',
    noPosition: '暫無位置',
    lastFix: '最後定位 {{time}}',
    speed: '{{speed}} 公里/小時',
    unplaced_one: '{{count}} 台終端暫無位置',
    unplaced_other: '{{count}} 台終端暫無位置',
    loadingMore: '正在載入更多終端…',
    empty: '沒有終端',
    detail: '詳情',
    track: '定位軌跡',
    recordings: '錄音記錄',
    showOnMap: '在地圖上顯示',
    showMore: '顯示更多',
    legend: '圖例',
  },
};
