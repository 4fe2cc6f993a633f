/** Texts of the search screen, in English. */
export const searchEn = {
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
};
