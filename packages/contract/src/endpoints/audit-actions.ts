import type { Lang } from '../enums.ts';
import type { Title } from './export.ts';

/**
 * The name of an audited action: `one` for a change of one record (or of none), `many` for a batch,
 * where `{count}` stands for the number of records it changed.
 */
export interface ActionTitle {
  one: Title;
  many?: Title;
}

const t = (en: string, cn: string, cn2: string): Title => ({ en, cn, cn2 });
const one = (en: string, cn: string, cn2: string): ActionTitle => ({ one: t(en, cn, cn2) });
const batch = (single: Title, many: Title): ActionTitle => ({ one: single, many });

/**
 * Every audited endpoint's action in the three languages, by its path: the audit screen and its export
 * read them here (a test checks that no audited endpoint lacks one).
 */
export const AuditActions: Record<string, ActionTitle> = {
  '/v1/profile/area': one('Changed own area', '修改本账号地区', '修改本帳號地區'),
  '/v1/profile/contact': one('Changed own contact', '修改本账号联系人', '修改本帳號聯絡人'),
  '/v1/profile/address': one('Changed own address', '修改本账号地址', '修改本帳號地址'),
  '/v1/profile/password': one('Changed own password', '修改本账号密码', '修改本帳號密碼'),
  '/v1/profile/mobile': one('Changed own mobile', '修改本账号手机号', '修改本帳號手機號碼'),
  '/v1/profile/email': one('Changed own email', '修改本账号邮箱', '修改本帳號電郵'),
  '/v1/org/updateRegion': one('Changed a company’s region', '修改单位地区', '修改單位地區'),
  '/v1/org/password': one('Reset a company’s password', '重置单位密码', '重設單位密碼'),
  '/v1/org/deletingUnit': one('Deleted a company', '删除单位', '刪除單位'),
  '/v1/org/changeAgent': one(
    'Moved a company to another agent',
    '将单位转给其他代理商',
    '將單位轉給其他代理商',
  ),
  '/v1/org/setBindingPlatform': one('Changed a company’s services', '修改单位服务设置', '修改單位服務設定'),
  '/v1/org/setReminderSms': one('Changed the reminder SMS', '修改到期提醒短信', '修改到期提醒短訊'),
  '/v1/org/updateUnit': one('Edited a company', '编辑单位', '編輯單位'),
  '/v1/org/add': one('Created a company', '新建单位', '新建單位'),
  '/v1/jsp/updateCardPwd': one('Changed the card password', '修改服务卡密码', '修改服務卡密碼'),
  '/v1/feedback/send': one('Sent feedback', '提交意见反馈', '提交意見回饋'),
  '/v1/sos/process': one('Processed an SOS', '处理 SOS', '處理 SOS'),
  '/v1/sos/processBatch': batch(
    t('Processed an SOS', '处理 SOS', '處理 SOS'),
    t('Processed {count} SOS alarms', '批量处理 {count} 条 SOS', '批量處理 {count} 條 SOS'),
  ),
  '/v1/group/add': batch(
    t('Created a group', '新建群组', '新建群組'),
    t('Created {count} groups', '新建 {count} 个群组', '新建 {count} 個群組'),
  ),
  '/v1/group/delete': one('Deleted a group', '删除群组', '刪除群組'),
  '/v1/group/addMembers': one('Added group members', '添加群组成员', '加入群組成員'),
  '/v1/group/removeMember': one('Removed a group member', '移除群组成员', '移除群組成員'),
  '/v1/group/setPriority': one('Set a member’s priority', '设置成员优先级', '設定成員優先級'),
  '/v1/group/setLeader': one('Set a group leader', '设置组长', '設定組長'),
  '/v1/group/setCompere': one('Set a single speaker', '设置单一发言人', '設定單一發言人'),
  '/v1/group/setDefault': one('Set a default group', '设置默认群组', '設定預設群組'),
  '/v1/group/addListening': one('Added listened groups', '添加监听群组', '加入監聽群組'),
  '/v1/group/removeListening': one('Removed a listened group', '移除监听群组', '移除監聽群組'),
  '/v1/agent/updatePhone': one(
    'Changed a sub-agent’s phone',
    '修改下级代理商手机号',
    '修改下級代理商手機號碼',
  ),
  '/v1/agent/cardRecovery': one('Recycled cards', '回收卡', '回收卡'),
  '/v1/agent/returnCards': one('Returned cards', '退还卡', '退還卡'),
  '/v1/agent/ModifyingAgentInformation': one('Edited a sub-agent', '编辑下级代理商', '編輯下級代理商'),
  '/v1/agent/password': one('Reset a sub-agent’s password', '重置下级代理商密码', '重設下級代理商密碼'),
  '/v1/agent/add': one('Created a sub-agent', '新建下级代理商', '新建下級代理商'),
  '/v1/agent/blance/add': one('Sold cards', '销售卡', '銷售卡'),
  '/v1/agent/updateAgent': one('Changed a card switch', '修改卡开关', '修改卡開關'),
  '/v1/agent/setThreshold': one('Set a low-balance threshold', '设置低余额提醒', '設定低餘額提醒'),
  '/v1/terminal/batch': batch(
    t('Created a user', '新建用户', '新建用戶'),
    t('Created {count} users', '新建 {count} 个用户', '新建 {count} 個用戶'),
  ),
  '/v1/terminal/addService': one('Activated a service', '开通服务', '開通服務'),
  '/v1/terminal/cardBack': batch(
    t('Deleted a user', '删除用户', '刪除用戶'),
    t('Deleted {count} users', '删除 {count} 个用户', '刪除 {count} 個用戶'),
  ),
  '/v1/terminal/updateUser': one('Edited a user', '编辑用户', '編輯用戶'),
  '/v1/terminal/changecard': one('Replaced a user’s SSID', '更换用户 SSID', '更換用戶 SSID'),
  '/v1/terminal/resetIntercomPassword': one('Reset an intercom password', '重置对讲密码', '重設對講密碼'),
  '/v1/terminal/renewBatch': batch(
    t('Renewed a user’s services', '续费用户服务', '續費用戶服務'),
    t('Renewed {count} users’ services', '批量续费 {count} 个用户', '批量續費 {count} 個用戶'),
  ),
  '/v1/terminal/askRenewal': batch(
    t('Asked the agent to renew a user', '请代理商续费用户', '請代理商續費用戶'),
    t('Asked the agent to renew {count} users', '请代理商续费 {count} 个用户', '請代理商續費 {count} 個用戶'),
  ),
  '/v1/terminal/import': batch(
    t('Imported a user', '导入用户', '匯入用戶'),
    t('Imported {count} users', '导入 {count} 个用户', '匯入 {count} 個用戶'),
  ),
  '/v1/fence/add': one('Created a fence', '新建围栏', '新建圍欄'),
  '/v1/fence/update': one('Edited a fence', '编辑围栏', '編輯圍欄'),
  '/v1/fence/delete': one('Deleted a fence', '删除围栏', '刪除圍欄'),
  '/v1/fence/setKeeper': one('Set a fence keeper', '设置围栏管理员', '設定圍欄管理員'),
  '/v1/fence/addMembers': one('Added fence members', '添加围栏成员', '加入圍欄成員'),
  '/v1/fence/removeMembers': one('Removed fence members', '移除围栏成员', '移除圍欄成員'),
};

/** An action's name for a change of `count` records; an endpoint without a title reads as its path. */
export function actionTitle(path: string, lang: Lang, count = 1): string {
  const title = AuditActions[path];
  if (!title) return path;
  const text = count > 1 && title.many ? title.many[lang] : title.one[lang];
  return text.replace('{count}', String(count));
}
