/** Texts of the search screen, in the three languages. */
export const searchTexts = {
  en: {
    search: {
      title: 'Search',
      placeholder: 'Name, SSID(IMEI) or account',
      types: 'Search in',
      global: 'All',
      agent: 'Agents',
      company: 'Companies',
      group: 'Groups',
      user: 'Users',
      hint: 'Type a keyword and search.',
      nothing: 'Nothing matches “{{keyword}}”.',
    },
  },
  zhHant: {
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
  },
  zhHans: {
    search: {
      title: '搜索',
      placeholder: '名称、SSID(IMEI)或账号',
      types: '搜索范围',
      global: '全部',
      agent: '代理商',
      company: '单位',
      group: '群组',
      user: '用户',
      hint: '输入关键字后搜索。',
      nothing: '没有与“{{keyword}}”匹配的结果。',
    },
  },
};
