import type { Lang } from '../enums.ts';
import type { Title } from './export.ts';
import type { AuditTarget } from './route.ts';

/**
 * How a field's value reads: a calendar day, a moment, on/off, one of a set of named values, a record
 * named by its id (`ref`), a card type, or a count of corners. Text is shown as it is.
 */
export type FieldKind =
  | { as: 'text' }
  | { as: 'day' }
  | { as: 'time' }
  | { as: 'bool' }
  | { as: 'named'; values: Record<string, Title> }
  | { as: 'ref'; kind: AuditTarget }
  | { as: 'cardType' }
  | { as: 'functions' }
  | { as: 'points' };

export interface FieldLabel {
  label: Title;
  kind: FieldKind;
}

const t = (en: string, cn: string, cn2: string): Title => ({ en, cn, cn2 });
const text = (en: string, cn: string, cn2: string): FieldLabel => ({
  label: t(en, cn, cn2),
  kind: { as: 'text' },
});
const as =
  (kind: FieldKind) =>
  (en: string, cn: string, cn2: string): FieldLabel => ({ label: t(en, cn, cn2), kind });
const day = as({ as: 'day' });
const time = as({ as: 'time' });
const bool = as({ as: 'bool' });
const ref = (kind: AuditTarget) => as({ as: 'ref', kind });

/** Words of values that are not the record's own text. */
export const AuditWords = {
  on: t('on', '开', '開'),
  off: t('off', '关', '關'),
  none: t('—', '—', '—'),
  /** A card type's balance: "Voice cards", where `{card}` is the card's name. */
  cards: t('{card} cards', '{card}', '{card}'),
  /** A polygon's corners. */
  corners: t('{count} corners', '{count} 个顶点', '{count} 個頂點'),
} satisfies Record<string, Title>;

const userTypes = { '0': t('Standard', '普通用户', '普通用戶'), '1': t('VIP', 'VIP 用户', 'VIP 用戶') };
const sosStatuses = { '0': t('Unprocessed', '未处理', '未處理'), '1': t('Processed', '已处理', '已處理') };
const shapes = { circle: t('Circle', '圆形', '圓形'), polygon: t('Polygon', '多边形', '多邊形') };
const triggers = {
  '0': t('Enter alarm', '进入告警', '進入告警'),
  '1': t('Leave alarm', '离开告警', '離開告警'),
  '2': t('No exit', '禁止离开', '禁止離開'),
  '3': t('No entry', '禁止进入', '禁止進入'),
};

/**
 * The fields audit rows carry (records' columns as the server names them, and what callers send), each
 * with its label in the three languages and how its value reads.
 */
export const AuditFields: Record<string, FieldLabel> = {
  name: text('Name', '名称', '名稱'),
  contact: text('Contact', '联系人', '聯絡人'),
  account: text('Login account', '登录账号', '登入帳號'),
  phone: text('Phone', '电话', '電話'),
  mobile: text('Mobile', '手机号', '手機號碼'),
  email: text('Email', '邮箱', '電郵'),
  area: text('Area', '地区', '地區'),
  address: text('Address', '地址', '地址'),
  region: text('Region', '区域', '區域'),
  remark: text('Remark', '备注', '備註'),
  content: text('Content', '内容', '內容'),
  createdAt: time('Created', '创建时间', '創建時間'),
  parentId: ref('agent')('Upper agent', '上级代理商', '上級代理商'),
  agentId: ref('agent')('Agent', '代理商', '代理商'),
  orgId: ref('org')('Company', '单位', '單位'),
  bindingPlatform: bool('Platform binding', '绑定平台', '綁定平台'),
  memberDisplay: bool('Member display', '成员显示', '成員顯示'),
  noiseReduction: bool('Noise reduction', '降噪', '降噪'),
  userIntercom: bool('User intercom', '用户对讲', '用戶對講'),
  companyDispatcher: bool('Company dispatcher', '单位调度', '單位調度'),
  gps: bool('GPS', 'GPS', 'GPS'),
  singleCall: bool('Single call', '单呼', '單呼'),
  reminderSms: bool('Reminder SMS', '到期提醒短信', '到期提醒短訊'),
  ssid: text('SSID', 'SSID', 'SSID'),
  iccid: text('ICCID', 'ICCID', 'ICCID'),
  userType: as({ as: 'named', values: userTypes })('User type', '用户类型', '用戶類型'),
  defaultGroupId: ref('group')('Default group', '默认群组', '預設群組'),
  dispatcher: bool('Dispatcher', '调度员', '調度員'),
  voiceExpires: day('Voice until', '对讲到期', '對講到期'),
  recordingExpires: day('Recording until', '录音到期', '錄音到期'),
  locationExpires: day('Location until', '定位到期', '定位到期'),
  sosExpires: day('SOS until', 'SOS 到期', 'SOS 到期'),
  fenceExpires: day('Fence until', '围栏到期', '圍欄到期'),
  videoExpires: day('Video until', '视频到期', '視頻到期'),
  duplexExpires: day('Duplex until', '全双工到期', '全雙工到期'),
  warrantyExpires: day('Warranty until', '保修到期', '保修到期'),
  members: text('Members', '成员数', '成員數'),
  ownerTerminalId: ref('terminal')('Created by user', '创建用户', '創建用戶'),
  leaderTerminalId: ref('terminal')('Leader', '组长', '組長'),
  compereTerminalId: ref('terminal')('Single speaker', '单一发言人', '單一發言人'),
  keeperTerminalId: ref('terminal')('Keeper', '围栏管理员', '圍欄管理員'),
  terminalId: ref('terminal')('User', '用户', '用戶'),
  lat: text('Latitude', '纬度', '緯度'),
  lng: text('Longitude', '经度', '經度'),
  status: as({ as: 'named', values: sosStatuses })('Status', '状态', '狀態'),
  processor: text('Processed by', '处理人', '處理人'),
  processedAt: time('Processed at', '处理时间', '處理時間'),
  falseAlarm: bool('False alarm', '误报', '誤報'),
  shape: as({ as: 'named', values: shapes })('Shape', '形状', '形狀'),
  centerLat: text('Centre latitude', '中心纬度', '中心緯度'),
  centerLng: text('Centre longitude', '中心经度', '中心經度'),
  radius: text('Radius (m)', '半径(米)', '半徑(米)'),
  points: as({ as: 'points' })('Corners', '顶点', '頂點'),
  trigger: as({ as: 'named', values: triggers })('Alarm', '告警类型', '告警類型'),
  windowStart: text('From', '开始时间', '開始時間'),
  windowEnd: text('Until', '结束时间', '結束時間'),
  timeZone: text('Time zone', '时区', '時區'),
  permanent: bool('Every day', '长期有效', '長期有效'),
  dateStart: day('First day', '开始日期', '開始日期'),
  dateEnd: day('Last day', '结束日期', '結束日期'),
  cardType: as({ as: 'cardType' })('Card type', '卡类型', '卡類型'),
  balance: text('Balance', '余额', '餘額'),
  enabled: bool('Switched on', '已开启', '已開啟'),
  threshold: text('Low-balance threshold', '低余额提醒', '低餘額提醒'),
  quantity: text('Quantity', '数量', '數量'),
  functions: as({ as: 'functions' })('Services', '服务', '服務'),
  priority: text('Priority', '优先级', '優先級'),
  years: text('Years', '年数', '年數'),
};

/**
 * Fields a reader has no use for: the record's own id and the ids of its scope (agent paths, the agent
 * that paid for a terminal), the hierarchy's bookkeeping, and how a call was sent.
 */
export const HiddenAuditFields: ReadonlySet<string> = new Set([
  'id',
  'ids',
  'path',
  'childSeq',
  'agentPath',
  'topPath',
  'cardAgentId',
  'subjectId',
  'role',
  'confirm',
  'lang',
  'format',
]);

/** A field's label in a language; a field the table does not know reads as its own name. */
export const fieldLabel = (name: string, lang: Lang) => AuditFields[name]?.label[lang] ?? name;
