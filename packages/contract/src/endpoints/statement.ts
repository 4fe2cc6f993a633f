import { z } from 'zod';
import { LedgerKind } from '../enums.ts';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import { cardType, id, isoDate, pageParams, timeZone } from '../rules.ts';
import { endpoint, optional } from './define.ts';
import { exportOf, type Title } from './export.ts';

export const StatementLimits = {
  /** Months one monthly statement covers at most. */
  monthsMax: 24,
  /** Months it covers when no start month is sent (ending with `to`, or the current month). */
  monthsDefault: 12,
};

/** A calendar month, YYYY-MM. */
export const isoMonth = once(() => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalidParams'));

/** Months between two YYYY-MM, both counted: 2026-01..2026-03 is 3. */
export const monthSpan = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5)) + 1;

const statementFilter = once(() =>
  z.object({
    cardType: optional(cardType()),
    /** YYYY-MM-DD, both days included, read in `timeZone` (UTC without one); either may be left out. */
    from: optional(isoDate()),
    to: optional(isoDate()),
    timeZone: optional(timeZone()),
  }),
);

const startBeforeEnd = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.from > v.to)
    ctx.addIssue({ code: 'custom', message: 'dateStartBeforeEnd', path: ['to'] });
};

const monthRange = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!v.from || !v.to) return;
  if (v.from > v.to) ctx.addIssue({ code: 'custom', message: 'dateStartBeforeEnd', path: ['to'] });
  else if (monthSpan(v.from, v.to) > StatementLimits.monthsMax)
    ctx.addIssue({ code: 'custom', message: 'monthRangeMax', path: ['to'] });
};

export const statementParams = once(() =>
  pageParams().extend(statementFilter().shape).superRefine(startBeforeEnd),
);

/** A user a card was used for: the terminal's id, SSID and name as they were at the move. */
export const chargedUser = once(() => z.object({ id: z.number(), ssid: z.string(), name: z.string() }));

/**
 * One card movement of the caller, seen from its side: `in` raised its balance, `out` lowered it, from
 * `before` to `after` (null only for rows of an agent whose balances were gone when they were filled in).
 */
export const statementRow = once(() =>
  z.object({
    id: z.number(),
    kind: z.enum(LedgerKind),
    direction: z.enum(['in', 'out']),
    cardType: z.number(),
    quantity: z.number(),
    before: z.number().nullable(),
    after: z.number().nullable(),
    /** The agent on the other side of a sale, recycle or restore; the company of a consume or refund; none for a grant. */
    counterpart: z.object({ type: z.enum(['agent', 'org']), id: z.number(), name: z.string() }).nullable(),
    /** Who made the move (role 0 agent, 1 company); null for the platform operator. */
    operator: z.object({ role: z.number(), id: z.number(), name: z.string() }).nullable(),
    /**
     * The first users (at most 3, by id) a consume row's cards were used for, `quantity` in all
     * (statementUsers lists them); empty for a move older than that record; null for other kinds.
     */
    users: z.array(chargedUser()).nullable(),
    created_at: z.string(),
  }),
);

/**
 * One card type in one month: the balance at its start and end and what moved it. `recycledIn`: taken
 * back from sub-agents; `recycledOut`: taken back by the parent; `restoredIn`/`restoredOut`: recycled
 * cards given back to or by the caller; `refunded`: cards of deleted terminals returned.
 */
export const statementMonth = once(() =>
  z.object({
    month: z.string(),
    cardType: z.number(),
    opening: z.number(),
    granted: z.number(),
    bought: z.number(),
    sold: z.number(),
    recycledIn: z.number(),
    recycledOut: z.number(),
    restoredIn: z.number(),
    restoredOut: z.number(),
    consumed: z.number(),
    refunded: z.number(),
    closing: z.number(),
  }),
);

export const statementMonthsParams = once(() =>
  z
    .object({
      cardType: optional(cardType()),
      /** YYYY-MM; default: `StatementLimits.monthsDefault` months ending with `to`. */
      from: optional(isoMonth()),
      /** YYYY-MM; default: the current month in `timeZone`. */
      to: optional(isoMonth()),
      timeZone: optional(timeZone()),
    })
    .superRefine(monthRange),
);

export const statementEndpoints = {
  statement: endpoint({
    method: 'GET',
    path: '/v1/agent/statement',
    access: 'agent',
    summary:
      'The statement of the signed-in agent: its card movements, newest first, each with its balance of the ' +
      'card type before and after, the counterpart and who made it; by card type and days (from, to) in timeZone',
    params: statementParams,
    data: () => pageOf(statementRow()),
  }),
  statementUsers: endpoint({
    method: 'GET',
    path: '/v1/agent/statementUsers',
    access: 'agent',
    summary:
      'The users one consume movement of the signed-in agent (id: its statement row) used cards for, by id, ' +
      "with their SSID and name as at the move; another agent's movement, or another kind, is not found",
    params: () => pageParams().extend({ id: id() }),
    data: () => pageOf(chargedUser()),
  }),
  statementMonths: endpoint({
    method: 'GET',
    path: '/v1/agent/statementMonths',
    access: 'agent',
    summary:
      'Per month (from..to, YYYY-MM, at most 24, months in timeZone) and card type of the signed-in agent: ' +
      'the opening and closing balance and the totals granted, bought, sold, recycled, restored, consumed, refunded',
    params: statementMonthsParams,
    data: () => z.object({ list: z.array(statementMonth()) }),
  }),
};

const file = 'as CSV (UTF-8 with BOM) or XLSX, streamed, titles and names in lang';

/** The statement and its months as files, with the same filters as on screen. */
export const statementExports = {
  statementExport: exportOf(
    statementEndpoints.statement,
    '/v1/agent/statementExport',
    `Every movement of the statement's filter, newest first, times in timeZone (UTC without one), ${file}`,
    (v, ctx) => startBeforeEnd(v as { from?: string; to?: string }, ctx),
  ),
  statementMonthsExport: exportOf(
    statementEndpoints.statementMonths,
    '/v1/agent/statementMonthsExport',
    `The monthly statement (the same months and card types) ${file}`,
    (v, ctx) => monthRange(v as { from?: string; to?: string }, ctx),
  ),
};

const t = (en: string, cn: string, cn2: string): Title => ({ en, cn, cn2 });

/** Column titles of the statement's files. */
export const StatementTitles = {
  time: t('Time', '时间', '時間'),
  movement: t('Movement', '类型', '類型'),
  cardType: t('Card type', '卡类型', '卡類型'),
  quantity: t('Quantity', '数量', '數量'),
  before: t('Balance before', '变动前余额', '變動前餘額'),
  after: t('Balance after', '变动后余额', '變動後餘額'),
  counterpart: t('Counterpart', '对方', '對方'),
  operator: t('Operator', '操作人', '操作人'),
  month: t('Month', '月份', '月份'),
  opening: t('Opening balance', '期初余额', '期初餘額'),
  granted: t('Granted', '平台发放', '平台發放'),
  bought: t('Bought', '购入', '購入'),
  sold: t('Sold', '售出', '售出'),
  recycledIn: t('Recycled from agents', '从下级回收', '從下級回收'),
  recycledOut: t('Recycled by upper agent', '被上级回收', '被上級回收'),
  restoredIn: t('Returned by upper agent', '上级退还', '上級退還'),
  restoredOut: t('Returned to agents', '退还下级', '退還下級'),
  consumed: t('Used for users', '用户消耗', '用戶消耗'),
  refunded: t('Refunded', '退卡', '退卡'),
  closing: t('Closing balance', '期末余额', '期末餘額'),
  platform: t('Platform', '平台', '平台'),
} satisfies Record<string, Title>;
