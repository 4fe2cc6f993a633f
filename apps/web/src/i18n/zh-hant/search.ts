/** Texts of the search screen, in Traditional Chinese. */
export const searchZhHant = {
  search: {
    title: '搜索',
    placeholder: '名稱、SSID(IMEI)或帳號',
    types: '搜索範圍',
    global: '全部',
    agent: '代理商',
    company: '單位',
    group: '群組',
    user: '用戶',
    hint: '輸入關鍵字後搜索。',
    nothing: '沒有與「{{keyword}}」匹配的結果。',
  },
};
