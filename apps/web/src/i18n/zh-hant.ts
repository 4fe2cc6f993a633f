import { catalogue } from './catalogue.ts';
import type { Resources } from './en.ts';
import { accountZhHant } from './zh-hant/account.ts';
import { manageZhHant } from './zh-hant/agent.ts';
import { auditZhHant } from './zh-hant/audit.ts';
import { fenceZhHant } from './zh-hant/fence.ts';
import { groupZhHant } from './zh-hant/group.ts';
import { intakeZhHant } from './zh-hant/intake.ts';
import { locationZhHant } from './zh-hant/location.ts';
import { mapZhHant } from './zh-hant/map.ts';
import { noticeZhHant } from './zh-hant/notice.ts';
import { recordingZhHant } from './zh-hant/recording.ts';
import { renewalZhHant } from './zh-hant/renewal.ts';
import { reportZhHant } from './zh-hant/report.ts';
import { salesZhHant } from './zh-hant/sales.ts';
import { scanZhHant } from './zh-hant/scan.ts';
import { searchZhHant } from './zh-hant/search.ts';
import { sosZhHant } from './zh-hant/sos.ts';
import { statementZhHant } from './zh-hant/statement.ts';
import { terminalZhHant } from './zh-hant/terminal.ts';

/** Traditional Chinese; server messages come from the catalogue's cn2 field. */
export const zhHant: Resources = {
  app: {
    title: '對講管理平台',
    orgTitle: '管理平台',
    loading: '載入中…',
    navigating: '正在開啟頁面…',
    agentOnly: '僅代理商可以操作',
    offline: '您已離線',
  },
  common: {
    choose: '請選擇',
    retry: '重試',
    reload: '重新載入',
    close: '關閉',
    back: '返回',
    loadFailed: '此部分無法載入，請下拉或重試。',
    cancel: '取消',
    balanceChange: '您的餘額：{{before}} → {{after}}',
    cardBalance: '您的{{card}}卡餘額：{{count}}',
  },
  exportFile: {
    open: '導出',
    title: '按當前篩選導出此列表',
    csv: 'CSV（可用 Excel 打開）',
    xlsx: 'Excel 工作簿（XLSX）',
    offline: '當前離線，無法獲取文件',
  },
  range: {
    last: '最近{{count}}天',
    from: '開始',
    to: '結束',
    all: '全部日期',
  },
  lang: {
    label: '語言',
  },
  login: {
    heading: '歡迎回來',
    subtitle: '登錄以管理您的對講服務',
    roleLabel: '帳號類型',
    agent: '代理商',
    org: '單位',
    account: '帳號',
    accountPlaceholder: '請輸入帳號',
    password: '密碼',
    passwordPlaceholder: '請輸入密碼',
    showPassword: '顯示密碼',
    submit: '登錄',
    submitting: '登錄中…',
    copyright: '© {{year}} {{title}} 版權所有',
    version: '版本 v{{version}}',
  },
  puzzle: {
    title: '安全驗證',
    hint: '拖動滑塊，使拼圖嵌入缺口',
    refresh: '換一張',
    close: '關閉',
    loading: '正在載入拼圖…',
    error: '拼圖載入失敗。',
    retry: '重試',
  },
  home: {
    search: '搜尋',
    searchAgent: '搜尋代理商、單位、群組、用戶',
    searchSubAgent: '搜尋單位、群組、用戶',
    searchOrg: '搜尋群組、用戶',
    profileLink: '開啟個人中心',
    contact: '聯繫人：{{contact}}',
    noContact: '未設定聯繫人',
    balances: '服務卡餘額',
    balanceOf: '{{card}}卡餘額：{{count}}',
    noCards: '此帳號未開通任何服務卡。',
    quickCreate: '快捷創建',
    overview: '概覽',
    createAgent: '創建代理商',
    createOrg: '創建單位',
    createGroup: '創建群組',
    myAgent: '我的代理商',
    myOrg: '我的單位',
    myGroup: '我的群組',
    myUser: '我的用戶',
    groupCount: '群組數',
    userCount: '用戶數',
    fence: '電子圍欄',
    recording: '錄音記錄',
    sos: 'SOS記錄',
    fenceRecord: '電子圍欄記錄',
    sosUnprocessed: '{{count}} 條未處理SOS',
    customerSos: '客戶的SOS',
    bulletin: '系統公告',
    bulletinOpen: '開啟系統公告：{{title}}',
    bulletinClose: '關閉公告',
  },
  card: {
    voice: '對講',
    recording: '錄音',
    location: '定位',
    sos: 'SOS',
    fence: '圍欄',
    video: '視頻',
    duplex: '全雙工',
    vip: 'VIP',
    unit_one: '張',
    unit_other: '張',
  },
  tab: {
    label: '主要操作',
    sales: '服務卡銷售',
    salesRecord: '服務卡記錄',
    scan: '掃碼創建',
    notice: '通知',
    unread: '{{count}} 條未讀',
  },
  list: {
    offline: '離線時無法載入',
    offlineHint: '網絡恢復後列表會自動載入。',
    failed: '列表載入失敗',
    retry: '重試',
  },
  pull: {
    pulling: '下拉刷新',
    canRelease: '釋放立即刷新',
    refreshing: '刷新中…',
    complete: '已是最新',
  },
  main: {
    title: '個人中心',
    agent: '代理商',
    org: '單位',
    account: '帳號',
    settings: '設定',
    about: '關於',
    logout: '退出登錄',
    alarmPush: '本機報警通知',
    alarmPushHint: 'SOS及圍欄報警，應用關閉時也會通知',
    alarmPushDenied: '此網站的通知已被封鎖，請在瀏覽器設定中允許',
    alarmPushFailed: '無法在本機開啟通知',
  },
  about: {
    title: '關於',
    description: '在手機上管理對講終端、群組與服務卡。',
    version: '版本',
  },
  notFound: {
    title: '頁面不存在',
    text: '此頁面不存在或暫未開放。',
    home: '返回首頁',
    login: '返回登錄',
  },
  error: {
    title: '出錯了',
    text: '頁面無法載入，請檢查網路後重新載入。',
  },
  ...salesZhHant,
  ...renewalZhHant,
  ...intakeZhHant,
  ...reportZhHant,
  ...auditZhHant,
  ...statementZhHant,
  ...noticeZhHant,
  ...manageZhHant,
  ...accountZhHant,
  ...scanZhHant,
  ...terminalZhHant,
  ...groupZhHant,
  ...searchZhHant,
  ...mapZhHant,
  ...sosZhHant,
  ...locationZhHant,
  ...fenceZhHant,
  ...recordingZhHant,
  msg: catalogue('cn2'),
};
