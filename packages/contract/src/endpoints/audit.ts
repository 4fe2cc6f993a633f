import { z } from 'zod';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import { id, isoDate, pageParams, timeZone } from '../rules.ts';
import { jsp } from './account.ts';
import { agent } from './agent.ts';
import { auth } from './auth.ts';
import { endpoint, optional } from './define.ts';
import { exportOf, type Title } from './export.ts';
import { intakeEndpoints } from './intake.ts';
import { notice } from './notice.ts';
import { push } from './push.ts';
import { AuditTargets, type Route } from './route.ts';

export { type AuditTarget, AuditTargets, type DeclaredTarget } from './route.ts';

import { sos } from './sos.ts';
import { terminal } from './terminal.ts';

/**
 * POST calls that change nothing anyone audits: reads sent as POST (a file's preview among them), a
 * notice's read mark, and the bookkeeping of a session or of a browser's push subscription.
 */
const unaudited = once(
  () =>
    new Set<string>(
      [
        auth.logout,
        notice.getFirstBulletin,
        notice.getNotice,
        notice.getNoticeUsers,
        notice.getBulletin,
        notice.readall,
        notice.read,
        sos.untreatedSOSCount,
        agent.queryCardSwitch,
        intakeEndpoints.importPreview,
        push.subscribe,
        push.unsubscribe,
      ].map((e) => e.path),
    ),
);

/** GET calls of the SPEC that change something. */
const changingGets = once(
  () =>
    new Set<string>(
      [agent.updatePhone, terminal.addService, terminal.cardBack, jsp.updateCardPwd].map((e) => e.path),
    ),
);

/**
 * Whether a successful call of this endpoint writes an audit row: what a signed-in person changes.
 * Terminals' device calls and calls without a signed-in account (login, codes, a forgotten password)
 * have no person to name.
 */
export const isAudited = (r: Route): boolean =>
  r.access !== 'public' &&
  !r.path.startsWith('/device/') &&
  (r.method === 'POST' ? !unaudited().has(r.path) : changingGets().has(r.path));

/** A record's fields as an audit row keeps them, by the record's id. */
const fieldsById = once(() => z.record(z.string(), z.record(z.string(), z.unknown())).nullable());

/** A balance a spend moved, under the change's lock: the agent's cards of one type before and after. */
const auditCards = once(() =>
  z.object({ agent_id: z.number(), card_type: z.number(), before: z.number(), after: z.number() }),
);

/**
 * One audited call. before/after: the target records' fields that changed, by id (a creation has no
 * before, a deletion no after); params: what the caller sent, secrets left out.
 */
export const auditRecord = once(() =>
  z.object({
    id: z.number(),
    at: z.string(),
    actor_role: z.number(),
    actor_id: z.number(),
    actor_account: z.string(),
    org_id: z.number().nullable(),
    ip: z.string(),
    action: z.string(),
    target_kind: z.enum(AuditTargets).nullable(),
    target_ids: z.array(z.number()),
    before: fieldsById(),
    after: fieldsById(),
    cards: z.array(auditCards()).nullable(),
    params: z.record(z.string(), z.unknown()),
  }),
);

/** The first day of a filter's days comes no later than its last. */
const checkDays = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.from > v.to)
    ctx.addIssue({ code: 'custom', message: 'dateStartBeforeEnd', path: ['to'] });
};

const auditFilters = once(() =>
  pageParams().extend({
    actor: optional(z.string({ error: 'invalidParams' }).trim().max(50, 'invalidParams')),
    action: optional(z.string({ error: 'invalidParams' }).trim().max(100, 'invalidParams')),
    orgId: optional(id()),
    from: optional(isoDate()),
    to: optional(isoDate()),
    timeZone: optional(timeZone()),
  }),
);

const list = endpoint({
  method: 'GET',
  path: '/v1/audit/list',
  access: 'any',
  summary:
    'Audited changes, newest first: an agent sees its own, its sub-agents’ and its companies’, a ' +
    'company its own; filter by actor (account), action (endpoint path), company (orgId) and days ' +
    '(from, to: YYYY-MM-DD, to included, in timeZone or the server zone)',
  params: () => auditFilters().superRefine(checkDays),
  data: () => pageOf(auditRecord()),
});

export const audit = {
  list,
  export: exportOf(
    list,
    '/v1/audit/export',
    'The audited changes of the audit list’s filter as CSV (UTF-8 with BOM) or XLSX, streamed; times in ' +
      'timeZone (the server zone without one)',
    (v, ctx) => checkDays(v as { from?: string; to?: string }, ctx),
  ),
};

const t = (en: string, cn: string, cn2: string): Title => ({ en, cn, cn2 });

/** The columns of the audit export that no other export has. */
export const AuditTitles = {
  actor: t('Account', '操作账号', '操作帳號'),
  role: t('Role', '角色', '角色'),
  ip: t('Address', 'IP 地址', 'IP 位址'),
  action: t('Action', '操作', '操作'),
  target: t('Target', '对象', '對象'),
  before: t('Before', '修改前', '修改前'),
  after: t('After', '修改后', '修改後'),
  params: t('Sent', '提交内容', '提交內容'),
} satisfies Record<string, Title>;
