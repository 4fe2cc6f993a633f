import { z } from 'zod';
import { type Lang, Languages } from '../enums.ts';
import { once } from '../lazy.ts';
import { timeZone } from '../rules.ts';
import { type Endpoint, endpoint, optional } from './define.ts';

/** The files a list exports to: CSV (UTF-8 with a BOM, opens in Excel) or an Excel workbook. */
export const ExportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof ExportFormats)[number];

/**
 * What every export adds to its list's filters: the file format, the language of the column titles and
 * names, and the zone its times are written in (the server's without one; the time column names it).
 */
export const exportParams = once(() =>
  z.object({
    format: z.enum(ExportFormats, { error: 'invalidParams' }).default('csv'),
    lang: z.enum(Languages, { error: 'invalidParams' }).default('en'),
    timeZone: optional(timeZone()),
  }),
);

type Shape = Record<string, z.ZodType>;

/**
 * The export of a list: the list's own filters (the same as on screen) without its paging, plus the
 * export's parameters. The whole list is written, streamed a batch at a time.
 */
export function exportOf<S extends Shape>(
  list: Endpoint<z.ZodObject<S>>,
  path: string,
  summary: string,
  /** The list's own check across fields (a date range), which its shape does not carry. */
  check?: (params: { start?: string; end?: string }, ctx: z.RefinementCtx) => void,
) {
  return endpoint({
    method: 'GET',
    path,
    access: list.access,
    summary,
    params: () => {
      const { page: _page, size: _size, ...filters } = list.params.shape;
      const params = z.object({ ...filters, ...exportParams().shape });
      // The check reads the fields it names (start, end) of the export's parameters.
      return check
        ? params.superRefine((v, ctx) => check(v as { start?: string; end?: string }, ctx))
        : params;
    },
    data: () => z.string(),
  });
}

/** A column title in the three languages. */
export type Title = Record<Lang, string>;

const t = (en: string, cn: string, cn2: string): Title => ({ en, cn, cn2 });

/** Titles shared by several exports. */
export const ColumnTitles = {
  id: t('ID', '编号', '編號'),
  time: t('Time', '时间', '時間'),
  created: t('Created', '创建时间', '創建時間'),
  name: t('Name', '名称', '名稱'),
  ssid: t('Account (SSID)', '账号', '賬號'),
  company: t('Company', '单位', '單位'),
  userType: t('User type', '用户类型', '用戶類型'),
  members: t('Members', '成员数', '成員數'),
  terminal: t('User', '用户', '用戶'),
  status: t('Status', '状态', '狀態'),
  remark: t('Remark', '备注', '備註'),
  address: t('Address', '地址', '地址'),
  latitude: t('Latitude', '纬度', '緯度'),
  longitude: t('Longitude', '经度', '經度'),
  account: t('Login account', '登录账号', '登錄賬號'),
  contact: t('Contact', '联系人', '聯繫人'),
  phone: t('Phone', '电话', '電話'),
  terminals: t('Users', '用户数', '用戶數'),
  fence: t('Fence', '围栏', '圍欄'),
  trigger: t('Alarm', '告警类型', '告警類型'),
  duration: t('Duration (s)', '时长(秒)', '時長(秒)'),
  size: t('Size (bytes)', '大小(字节)', '大小(字節)'),
  group: t('Group', '群组', '群組'),
  expires: t('expires', '到期', '到期'),
  processor: t('Processed by', '处理人', '處理人'),
  processedAt: t('Processed at', '处理时间', '處理時間'),
  falseAlarm: t('False alarm', '误报', '誤報'),
  agent: t('Agent', '代理商', '代理商'),
} satisfies Record<string, Title>;

/** Words written in export cells, by language. */
export const ExportWords: Record<Lang, Record<string, string>> = {
  en: {
    yes: 'Yes',
    no: 'No',
    processed: 'Processed',
    unprocessed: 'Unprocessed',
    falseAlarm: 'False alarm',
    vip: 'VIP',
    single: 'Ordinary',
    permanent: 'Permanent',
    enter: 'Enter alarm',
    leave: 'Leave alarm',
    noExit: 'No exit',
    noEntry: 'No entry',
  },
  cn: {
    yes: '是',
    no: '否',
    processed: '已处理',
    unprocessed: '未处理',
    falseAlarm: '误报',
    vip: 'VIP',
    single: '普通',
    permanent: '永久',
    enter: '进入报警',
    leave: '离开报警',
    noExit: '禁止离开',
    noEntry: '禁止进入',
  },
  cn2: {
    yes: '是',
    no: '否',
    processed: '已處理',
    unprocessed: '未處理',
    falseAlarm: '誤報',
    vip: 'VIP',
    single: '普通',
    permanent: '永久',
    enter: '進入報警',
    leave: '離開報警',
    noExit: '禁止離開',
    noEntry: '禁止進入',
  },
};
