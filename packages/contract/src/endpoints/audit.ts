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
 * A target of an audited call: its name now, or as the row kept it when the record is gone (then `exists`
 * is false and there is no record to open).
 */
const auditTargetName = once(() =>
  z.object({ id: z.number(), name: z.string().nullable(), exists: z.boolean() }),
);

/**
 * One audited call. before/after: the target records' fields that changed, by id (a creation has no
 * before, a deletion no after); params: what the caller sent, secrets left out. Names are read when the
 * list is: the actor's, the targets' (in target_ids' order) and, by kind and id, those of the records
 * its fields and balances name. org_ids: every company whose records the call changed.
 */
export const auditRecord = once(() =>
  z.object({
    id: z.number(),
    at: z.string(),
    actor_role: z.number(),
    actor_id: z.number(),
    actor_account: z.string(),
    actor_name: z.string(),
    org_id: z.number().nullable(),
    org_ids: z.array(z.number()),
    ip: z.string(),
    action: z.string(),
    target_kind: z.enum(AuditTargets).nullable(),
    target_ids: z.array(z.number()),
    targets: z.array(auditTargetName()),
    names: z.record(z.string(), z.record(z.string(), z.string())),
    before: fieldsById(),
    after: fieldsById(),
    cards: z.array(auditCards()).nullable(),
    params: z.record(z.string(), z.unknown()),
  }),
);

/** The kinds of record whose own changes the list filters by (each has a screen that links to them). */
export const AuditFilterKinds = ['agent', 'org', 'terminal', 'group', 'fence'] as const;

interface FilterChecked {
  from?: string;
  to?: string;
  targetKind?: string;
  targetId?: number;
}

/** The first day of a filter's days comes no later than its last; a record is named by kind and id together. */
const checkFilter = (v: FilterChecked, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.from > v.to)
    ctx.addIssue({ code: 'custom', message: 'dateStartBeforeEnd', path: ['to'] });
  if ((v.targetKind === undefined) !== (v.targetId === undefined))
    ctx.addIssue({ code: 'custom', message: 'invalidParams', path: ['targetId'] });
};

const auditFilters = once(() =>
  pageParams().extend({
    actor: optional(z.string({ error: 'invalidParams' }).trim().max(50, 'invalidParams')),
    action: optional(z.string({ error: 'invalidParams' }).trim().max(100, 'invalidParams')),
    orgId: optional(id()),
    targetKind: optional(z.enum(AuditFilterKinds, { error: 'invalidParams' })),
    targetId: optional(id()),
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
    'company every change to its records, whoever made it; filter by actor (account), action (endpoint ' +
    'path), company (orgId: the changes to its records), one record (targetKind with targetId) and days ' +
    '(from, to: YYYY-MM-DD, to included, in timeZone or the server zone)',
  params: () => auditFilters().superRefine(checkFilter),
  data: () => pageOf(auditRecord()),
});

export const audit = {
  list,
  export: exportOf(
    list,
    '/v1/audit/export',
    'The audited changes of the audit list’s filter as CSV (UTF-8 with BOM) or XLSX, streamed; times in ' +
      'timeZone (the server zone without one)',
    (v, ctx) => checkFilter(v as FilterChecked, ctx),
  ),
};

const t = (en: string, cn: string, cn2: string): Title => ({ en, cn, cn2 });

/** The columns of the audit export that no other export has. */
export const AuditTitles = {
  actor: t('Account', '操作账号', '操作帳號'),
  actorName: t('Name', '操作人', '操作人'),
  role: t('Role', '角色', '角色'),
  ip: t('Address', 'IP 地址', 'IP 位址'),
  action: t('Action', '操作', '操作'),
  target: t('Target', '对象', '對象'),
  changes: t('Changes', '修改内容', '修改內容'),
  params: t('Sent', '提交内容', '提交內容'),
} satisfies Record<string, Title>;
