import type { Lang } from './enums.ts';

/** Names shown for card types 0–7, by language (home strip, sales, records, CSV export). */
export const CardNames: Record<Lang, string[]> = {
  en: ['Voice', 'Recording', 'Location', 'SOS', 'Fence', 'Video', 'Duplex', 'VIP'],
  cn: ['对讲卡', '录音卡', '定位卡', 'SOS卡', '围栏卡', '视频卡', '全双工卡', 'VIP卡'],
  cn2: ['對講卡', '錄音卡', '定位卡', 'SOS卡', '圍欄卡', '視頻卡', '全雙工卡', 'VIP卡'],
};

/** Names of ledger movements as the sales record shows them, from the agent's side. */
export const LedgerNames: Record<
  Lang,
  Record<
    'grant' | 'sale' | 'purchase' | 'recycle' | 'recycled' | 'consume' | 'return' | 'restore' | 'restored',
    string
  >
> = {
  en: {
    grant: 'Platform grant',
    sale: 'Sale',
    purchase: 'Purchase',
    recycle: 'Recycle',
    recycled: 'Recycled by upper agent',
    consume: 'Used for users',
    return: 'Returned',
    restore: 'Returned to lower agent',
    restored: 'Returned by upper agent',
  },
  cn: {
    grant: '平台发放',
    sale: '销售',
    purchase: '购买',
    recycle: '回收',
    recycled: '被上级回收',
    consume: '用户消耗',
    return: '退还',
    restore: '退还给下级',
    restored: '上级退还',
  },
  cn2: {
    grant: '平台發放',
    sale: '銷售',
    purchase: '購買',
    recycle: '回收',
    recycled: '被上級回收',
    consume: '用戶消耗',
    return: '退還',
    restore: '退還給下級',
    restored: '上級退還',
  },
};

/** Column titles of the sales record export. */
export const RecordColumns: Record<Lang, string[]> = {
  en: ['Time', 'Movement', 'Card type', 'Quantity', 'From', 'To', 'Company'],
  cn: ['时间', '类型', '卡类型', '数量', '来源', '去向', '单位'],
  cn2: ['時間', '類型', '卡類型', '數量', '來源', '去向', '單位'],
};
