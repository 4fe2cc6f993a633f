import { z } from 'zod';
import { pageOf } from '../envelope.ts';
import { once } from '../lazy.ts';
import { cardType, digits, id, idList, pageParams, wholeCount } from '../rules.ts';
import { count, endpoint, optional } from './define.ts';
import { type FunctionKey, functionOfCard } from './terminal.ts';

/** The functions a card renews, in card-type order (VIP is a user type, not a function). */
export const RenewableFunctions = Object.values(functionOfCard) as FunctionKey[];

/** The radar's windows: expiring within 7, 30 or 90 days from today, or expired in the last 30. */
export const ExpiryWindows = ['7', '30', '90', 'expired'] as const;
export type ExpiryWindow = (typeof ExpiryWindows)[number];

export const RenewalLimits = {
  /** Terminals one bulk renewal takes at most. */
  batchMax: 1000,
  /** Days back the 'expired' window reaches. */
  expiredDays: 30,
  /** A terminal not heard from for longer than this is marked silent on the radar and in the renewal. */
  silentDays: 7,
  /** Days before an expiry the daily reminder writes, in order. */
  reminderDays: [30, 7, 1] as const,
  /** Highest low-balance threshold an agent can set per card type. */
  thresholdMax: 1_000_000,
  /** Users one request of a company to its agent names at most. */
  askMax: 200,
  /** Requests a company sends its agent in a day at most. */
  asksPerDay: 10,
};

/** A radar window as the days a renewal request's notice keeps: 7, 30, 90, or 0 for the expired. */
export const windowDays = (w: ExpiryWindow) => (w === 'expired' ? 0 : Number(w));
/** The radar window a renewal request's notice opens from its days. */
export const windowOfDays = (days: number | null): ExpiryWindow =>
  days === 0 ? 'expired' : (ExpiryWindows.find((w) => w === String(days)) ?? '30');

const window = once(() =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.enum(ExpiryWindows, { error: 'invalidParams' }),
  ),
);
const functionFilter = once(() =>
  z.enum(['all', ...RenewableFunctions] as [string, ...string[]], { error: 'invalidParams' }),
);
/** Functions to renew, sent as 'voice,location' (or repeated); at least one. */
const functionList = once(() =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v === undefined ? [] : v),
    z
      .array(z.enum(RenewableFunctions as [FunctionKey, ...FunctionKey[]], { error: 'selectCardType' }))
      .min(1, 'selectCardType')
      .max(RenewableFunctions.length, 'selectCardType'),
  ),
);

/** The radar's filter, shared by its list, its counts and a renewal chosen by filter. */
export const expiryFilter = once(() =>
  z.object({
    function: functionFilter().default('all'),
    within: window().default('30'),
    orgId: optional(id()),
    /** Only the terminals one of the caller's reminder notices named (the radar a notice opens). */
    notice: optional(id()),
  }),
);

/** One function of a terminal in the window, with its expiry (YYYY-MM-DD). */
export const dueFunction = once(() =>
  z.object({ function: z.enum(RenewableFunctions as [FunctionKey, ...FunctionKey[]]), expires: z.string() }),
);

export const expiringTerminal = once(() =>
  z.object({
    id: z.number(),
    ssid: z.string(),
    name: z.string(),
    org_id: z.number(),
    org_name: z.string(),
    user_type: z.number(),
    /** The functions whose expiry falls in the window, soonest first. */
    due: z.array(dueFunction()),
    /** When the terminal last spoke to the device API, and the time of its newest position (ISO, or null). */
    last_seen_at: z.string().nullable(),
    last_position_at: z.string().nullable(),
    /** Not heard from for more than `RenewalLimits.silentDays` days, or never. */
    silent: z.boolean(),
  }),
);

/** The cards a renewal takes per type, against the caller's balance. */
export const renewalCost = once(() =>
  z.object({
    cardType: z.number(),
    function: z.string(),
    /** Terminals this function is renewed on (one card each). */
    cards: count(),
    balance: count(),
    /** VIP terminals whose function is permanent: chosen, free, left as they are. */
    permanent: count(),
    /** Chosen terminals whose function is not due in the window: left as they are, nothing spent. */
    notDue: count(),
  }),
);

/**
 * What a bulk renewal renews: the chosen ids, or the radar's filter (function + within + orgId) when no
 * ids are sent; and the functions to renew on each.
 */
const renewalChoice = once(() =>
  expiryFilter().extend({
    ids: optional(
      idList('selectUser', Number.MAX_SAFE_INTEGER).refine(
        (ids) => ids.length <= RenewalLimits.batchMax,
        'renewMax',
      ),
    ),
    functions: functionList(),
  }),
);

/** What a renewal does to one chosen function of one terminal. */
export const RenewalOutcomes = ['renewed', 'notDue', 'permanent'] as const;
export type RenewalOutcome = (typeof RenewalOutcomes)[number];

/**
 * One chosen function of a terminal in a renewal: renewed (its expiry now, or null when never activated,
 * and after), not due in the window, or a permanent VIP function; the last two are left as they are.
 */
export const renewalStep = once(() =>
  z.object({
    function: z.enum(RenewableFunctions as [FunctionKey, ...FunctionKey[]]),
    outcome: z.enum(RenewalOutcomes),
    expires: z.string().nullable(),
    /** The new expiry (YYYY-MM-DD) when renewed, else null. */
    renewed: z.string().nullable(),
  }),
);

/** A terminal a renewal takes, with what it does to each chosen function, in the functions' order. */
export const renewalTerminal = once(() =>
  z.object({ id: z.number(), name: z.string(), ssid: z.string(), functions: z.array(renewalStep()) }),
);

export const renewalPreview = once(() =>
  z.object({
    terminals: count(),
    /** Of those, the terminals silent for more than a week. */
    silent: count(),
    costs: z.array(renewalCost()),
    /** Cards the renewal takes in all: the `confirm` a renewal must send. */
    total: count(),
    /** Each terminal the renewal takes (at most `RenewalLimits.batchMax`), in id order. */
    breakdown: z.array(renewalTerminal()),
  }),
);

export const renewalEndpoints = {
  expiring: endpoint({
    method: 'GET',
    path: '/v1/terminal/expiring',
    access: 'any',
    summary:
      'The expiry radar: terminals in scope with a function (or any, "all") expiring within 7, 30 or 90 days ' +
      'or expired in the last 30, newest expiry first (order=asc: soonest first), with last contact and position',
    params: () =>
      pageParams().extend({ ...expiryFilter().shape, order: z.enum(['desc', 'asc']).default('desc') }),
    data: () => pageOf(expiringTerminal()),
  }),
  expiringCounts: endpoint({
    method: 'GET',
    path: '/v1/terminal/expiringCounts',
    access: 'any',
    summary: 'How many terminals in scope have a function due in each radar window (for the home row)',
    params: () => z.object({ orgId: optional(id()) }),
    data: () => z.object({ '7': count(), '30': count(), '90': count(), expired: count() }),
  }),
  renewPreview: endpoint({
    method: 'GET',
    path: '/v1/terminal/renewPreview',
    access: 'agent',
    summary:
      'What a bulk renewal would take, per card type against the balance, read before it is confirmed; ' +
      'refuses more than 1 000 terminals',
    params: renewalChoice,
    data: renewalPreview,
  }),
  renewBatch: endpoint({
    method: 'POST',
    path: '/v1/terminal/renewBatch',
    access: 'agent',
    audit: { target: 'terminal' },
    spends: true,
    summary:
      'Renew the chosen functions on many terminals in one transaction, all or nothing: a year from the ' +
      'current expiry, or from today when it has passed; permanent VIP functions cost nothing; confirm is ' +
      'the card total the caller was shown',
    params: () =>
      renewalChoice().extend({
        confirm: digits('renewCostChanged').pipe(
          z.number().int('renewCostChanged').nonnegative('renewCostChanged'),
        ),
      }),
    data: () =>
      z.object({
        renewed: count(),
        costs: z.array(
          renewalCost().pick({ cardType: true, function: true, cards: true, permanent: true, notDue: true }),
        ),
      }),
  }),
};

/** A company's request to its agent to renew users of its own (notice type 11). */
export const askRenewalEndpoints = {
  askRenewal: endpoint({
    method: 'POST',
    path: '/v1/terminal/askRenewal',
    access: 'org',
    audit: { target: 'terminal' },
    summary:
      'A company asks its agent to renew its users (ids, at most 200, all its own): the agent gets one ' +
      'notice naming them, which opens its radar on them in the window they were chosen in; 10 a day',
    params: () =>
      z.object({
        ids: idList('selectUser', RenewalLimits.askMax, 'askMax'),
        within: window().default('30'),
      }),
    data: () => z.object({ asked: count() }),
  }),
};

/** Per card type: the balance against the renewals due, and the agent's low-balance threshold. */
export const runwayRow = once(() =>
  z.object({
    cardType: z.number(),
    balance: count(),
    /** Functions of this card expiring from today to 30 and to 90 days ahead in the agent's scope. */
    due30: count(),
    due90: count(),
    /** 0 when none is set. */
    threshold: count(),
    /** The balance does not cover the renewals due in 30 days. */
    short: z.boolean(),
    /** The balance is under the threshold. */
    low: z.boolean(),
  }),
);

export const runwayEndpoints = {
  runway: endpoint({
    method: 'GET',
    path: '/v1/agent/runway',
    access: 'agent',
    summary: 'Card runway of the signed-in agent: per enabled card type, balance, renewals due and threshold',
    params: () => z.object({}),
    data: () => z.object({ list: z.array(runwayRow()) }),
  }),
  setThreshold: endpoint({
    method: 'POST',
    path: '/v1/agent/setThreshold',
    access: 'agent',
    audit: { target: 'agent' },
    summary: 'Set the low-balance threshold of one card type (0 turns it off); the daily reminder uses it',
    params: () =>
      z.object({
        cardType: cardType(),
        // Read as the sale form reads a count: trimmed, full-width digits as digits.
        threshold: wholeCount({
          min: 0,
          max: RenewalLimits.thresholdMax,
          minKey: 'invalidThreshold',
          maxKey: 'invalidThreshold',
          wholeKey: 'invalidThreshold',
        }),
      }),
    data: () => z.null(),
  }),
};
