import { catalogue } from './catalogue.ts';
import type { Resources } from './en.ts';
import { accountZhHans } from './zh-hans/account.ts';
import { manageZhHans } from './zh-hans/agent.ts';
import { auditZhHans } from './zh-hans/audit.ts';
import { fenceZhHans } from './zh-hans/fence.ts';
import { groupZhHans } from './zh-hans/group.ts';
import { intakeZhHans } from './zh-hans/intake.ts';
import { locationZhHans } from './zh-hans/location.ts';
import { mapZhHans } from './zh-hans/map.ts';
import { noticeZhHans } from './zh-hans/notice.ts';
import { recordingZhHans } from './zh-hans/recording.ts';
import { renewalZhHans } from './zh-hans/renewal.ts';
import { reportZhHans } from './zh-hans/report.ts';
import { salesZhHans } from './zh-hans/sales.ts';
import { scanZhHans } from './zh-hans/scan.ts';
import { searchZhHans } from './zh-hans/search.ts';
import { sosZhHans } from './zh-hans/sos.ts';
import { statementZhHans } from './zh-hans/statement.ts';
import { terminalZhHans } from './zh-hans/terminal.ts';

/** Simplified Chinese; server messages come from the catalogue's cn field. */
export const zhHans: Resources = {
  app: {
    title: '对讲管理平台',
    orgTitle: '管理平台',
    loading: '加载中…',
    navigating: '正在打开页面…',
    agentOnly: '仅代理商可以操作',
    offline: '您已离线',
  },
  common: {
    choose: '请选择',
    retry: '重试',
    reload: '重新加载',
    close: '关闭',
    back: '返回',
    loadFailed: '此部分无法加载，请下拉或重试。',
    cancel: '取消',
    balanceChange: '您的余额：{{before}} → {{after}}',
    cardBalance: '您的{{card}}卡余额：{{count}}',
  },
  exportFile: {
    open: '导出',
    title: '按当前筛选导出此列表',
    csv: 'CSV（可用 Excel 打开）',
    xlsx: 'Excel 工作簿（XLSX）',
    offline: '当前离线，无法获取文件',
  },
  range: {
    last: '最近{{count}}天',
    from: '开始',
    to: '结束',
    all: '全部日期',
  },
  lang: {
    label: '语言',
  },
  login: {
    heading: '欢迎回来',
    subtitle: '登录以管理您的对讲服务',
    roleLabel: '账号类型',
    agent: '代理商',
    org: '单位',
    account: '账号',
    accountPlaceholder: '请输入账号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    showPassword: '显示密码',
    submit: '登录',
    submitting: '登录中…',
    copyright: '© {{year}} {{title}} 版权所有',
    version: '版本 v{{version}}',
  },
  puzzle: {
    title: '安全验证',
    hint: '拖动滑块，使拼图嵌入缺口',
    refresh: '换一张',
    close: '关闭',
    loading: '正在加载拼图…',
    error: '拼图加载失败。',
    retry: '重试',
  },
  home: {
    search: '搜索',
    searchAgent: '搜索代理商、单位、群组、用户',
    searchSubAgent: '搜索单位、群组、用户',
    searchOrg: '搜索群组、用户',
    profileLink: '打开个人中心',
    contact: '联系人：{{contact}}',
    noContact: '未设置联系人',
    balances: '服务卡余额',
    balanceOf: '{{card}}卡余额：{{count}}',
    noCards: '此账号未开通任何服务卡。',
    quickCreate: '快捷创建',
    overview: '概览',
    createAgent: '创建代理商',
    createOrg: '创建单位',
    createGroup: '创建群组',
    myAgent: '我的代理商',
    myOrg: '我的单位',
    myGroup: '我的群组',
    myUser: '我的用户',
    groupCount: '群组数',
    userCount: '用户数',
    fence: '电子围栏',
    recording: '录音记录',
    sos: 'SOS记录',
    fenceRecord: '电子围栏记录',
    sosUnprocessed: '{{count}} 条未处理SOS',
    customerSos: '客户的SOS',
    bulletin: '系统公告',
    bulletinOpen: '打开系统公告：{{title}}',
    bulletinClose: '关闭公告',
  },
  card: {
    voice: '对讲',
    recording: '录音',
    location: '定位',
    sos: 'SOS',
    fence: '围栏',
    video: '视频',
    duplex: '全双工',
    vip: 'VIP',
    unit_one: '张',
    unit_other: '张',
  },
  tab: {
    label: '主要操作',
    sales: '服务卡销售',
    salesRecord: '服务卡记录',
    scan: '扫码创建',
    notice: '通知',
    unread: '{{count}} 条未读',
  },
  list: {
    offline: '离线时无法加载',
    offlineHint: '网络恢复后列表会自动加载。',
    failed: '列表加载失败',
    retry: '重试',
  },
  pull: {
    pulling: '下拉刷新',
    canRelease: '释放立即刷新',
    refreshing: '刷新中…',
    complete: '已是最新',
  },
  main: {
    title: '个人中心',
    agent: '代理商',
    org: '单位',
    account: '账号',
    settings: '设置',
    about: '关于',
    logout: '退出登录',
    alarmPush: '本机报警通知',
    alarmPushHint: 'SOS及围栏报警，应用关闭时也会通知',
    alarmPushDenied: '此网站的通知已被屏蔽，请在浏览器设置中允许',
    alarmPushFailed: '无法在本机开启通知',
  },
  about: {
    title: '关于',
    description: '在手机上管理对讲终端、群组与服务卡。',
    version: '版本',
  },
  notFound: {
    title: '页面不存在',
    text: '此页面不存在或暂未开放。',
    home: '返回首页',
    login: '返回登录',
  },
  error: {
    title: '出错了',
    text: '页面无法加载，请检查网络后重新加载。',
  },
  ...salesZhHans,
  ...renewalZhHans,
  ...intakeZhHans,
  ...reportZhHans,
  ...auditZhHans,
  ...statementZhHans,
  ...noticeZhHans,
  ...manageZhHans,
  ...accountZhHans,
  ...scanZhHans,
  ...terminalZhHans,
  ...groupZhHans,
  ...searchZhHans,
  ...mapZhHans,
  ...sosZhHans,
  ...locationZhHans,
  ...fenceZhHans,
  ...recordingZhHans,
  msg: catalogue('cn'),
};
