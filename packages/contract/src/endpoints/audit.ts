import { z } from 'zod';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import { id, isoDate, pageParams, timeZone } from '../rules.ts';
import { jsp } from './account.ts';
import { agent } from './agent.ts';
import { auth } from './auth.ts';
import { endpoint, optional } from './define.ts';
import { notice } from './notice.ts';
import { push } from './push.ts';
import type { Route } from './route.ts';
import { sos } from './sos.ts';
import { terminal } from './terminal.ts';

/**
 * POST calls that change nothing anyone audits: reads sent as POST, a notice's read mark, and the
 * bookkeeping of a session or of a browser's push subscription.
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

/** The kinds of record an audit row names as its target. */
export const AuditTargets = ['agent', 'org', 'terminal', 'group', 'fence', 'sos'] as const;
export type AuditTarget = (typeof AuditTargets)[number];

/** A record's fields as an audit row keeps them, by the record's id. */
const fieldsById = once(() => z.record(z.string(), z.record(z.string(), z.unknown())).nullable());

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
    params: z.record(z.string(), z.unknown()),
  }),
);

const auditFilters = once(() =>
  pageParams()
    .extend({
      actor: optional(z.string({ error: 'invalidParams' }).trim().max(50, 'invalidParams')),
      action: optional(z.string({ error: 'invalidParams' }).trim().max(100, 'invalidParams')),
      orgId: optional(id()),
      from: optional(isoDate()),
      to: optional(isoDate()),
      timeZone: optional(timeZone()),
    })
    .refine((v) => !v.from || !v.to || v.from <= v.to, { error: 'dateStartBeforeEnd', path: ['to'] }),
);

export const audit = {
  list: endpoint({
    method: 'GET',
    path: '/v1/audit/list',
    access: 'any',
    summary:
      'Audited changes, newest first: an agent sees its own, its sub-agents’ and its companies’, a ' +
      'company its own; filter by actor (account), action (endpoint path), company (orgId) and days ' +
      '(from, to: YYYY-MM-DD, to included, in timeZone or the server zone)',
    params: auditFilters,
    data: () => pageOf(auditRecord()),
  }),
};
