import type { locationEn } from '../en/location.ts';

/** Texts of the live fleet map, in Simplified Chinese. */
export const locationZhHans: typeof locationEn = {
  fleet: {
    fitAll: '显示全部终端',
    title: '实时车队地图',
    open: '打开实时车队地图',
    map: '地图',
    list: '列表',
    mapLabel: '车队最新位置地图',
    chooseCompany: '选择单位',
    searchCompany: '搜索单位',
    noCompanies: '没有单位',
    pickFirst: '请先选择单位以查看其车队。',
    summary: '{{online}} 在线 · {{sos}} SOS · 共 {{total}} 台终端',
    online: '在线',
    offline: '离线',
    sos: 'SOS 求救',
    noPosition: '暂无位置',
    lastFix: '最后定位 {{time}}',
    speed: '{{speed}} 公里/小时',
    unplaced_one: '{{count}} 台终端暂无位置',
    unplaced_other: '{{count}} 台终端暂无位置',
    loadingMore: '正在加载更多终端…',
    empty: '没有终端',
    detail: '详情',
    track: '定位轨迹',
    recordings: '录音记录',
    showOnMap: '在地图上显示',
    showMore: '显示更多',
    legend: '图例',
  },
};
