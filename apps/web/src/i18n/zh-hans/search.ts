/** Texts of the search screen, in Simplified Chinese. */
export const searchZhHans = {
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
};
