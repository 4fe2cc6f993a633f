import {
  type api,
  type ExpiryWindow,
  type FunctionKey,
  functionOfCard,
  isPermanent,
  type ParsedParamsOf,
  RenewableFunctions,
  RenewalLimits,
  type RenewalOutcome,
  UserType,
} from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { invalid, notFound, ruleBroken } from '../../http/errors.ts';
import { pageOf } from '../../http/page.ts';
import type { AuditNote, CardsMoved, Change } from '../../http/route.ts';
import { type Expiries, expiryColumn } from '../../lib/expiries.ts';
import { addDays, addYear, DAY_MS, today } from '../../lib/zoned-time.ts';
import * as cards from '../card/service.ts';
import { orgIdInScope } from '../scope/service.ts';
import { findInScope, headOf, lockAllInScope, summaryOf, type TerminalRow } from '../terminal/service.ts';
import * as rr from './repository.ts';

const shift = addDays;

/**
 * A renewed function's expiry: a year from its current expiry when that has not passed, else a year
 * from today (the rule of a single and of a bulk renewal).
 */
export const renewedExpiry = (current: string | null, now = today()) =>
  addYear(current && current > now ? current : now);

/** A radar window as days: from today to N days ahead, or the last 30 days before today. */
export const windowRange = (w: ExpiryWindow, now = today()): rr.DayRange =>
  w === 'expired'
    ? { from: shift(now, -RenewalLimits.expiredDays), to: shift(now, -1) }
    : { from: now, to: shift(now, Number(w)) };

const cardTypeOf = Object.fromEntries(
  Object.entries(functionOfCard).map(([code, fn]) => [fn, Number(code)]),
) as Record<FunctionKey, number>;

interface Contact {
  lastSeenAt: Date | null;
  lastPositionAt: Date | null;
}
/** Not heard from (a device call or a position) for more than `silentDays` days, or never. */
const isSilent = (t: Contact, now = Date.now()) => {
  const heard = Math.max(t.lastSeenAt?.getTime() ?? 0, t.lastPositionAt?.getTime() ?? 0);
  return heard < now - RenewalLimits.silentDays * DAY_MS;
};

/** The functions of a row due in the window, soonest first. */
const dueOf = (t: Expiries, fn: rr.FunctionChoice, r: rr.DayRange) =>
  (fn === 'all' ? RenewableFunctions : [fn])
    .map((f) => ({ function: f, expires: t[expiryColumn[f]] }))
    .filter(
      (d): d is { function: FunctionKey; expires: string } =>
        !!d.expires && d.expires >= r.from && d.expires <= r.to,
    )
    .sort((a, b) => a.expires.localeCompare(b.expires));

/** The expiry radar: a page of the terminals in scope with a function due in the window. */
export async function expiring(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.terminal.expiring>) {
  const range = windowRange(p.within as ExpiryWindow);
  const fn = p.function as rr.FunctionChoice;
  const { list, total } = await rr.radarPage(
    db,
    scopeOf(caller),
    { orgId: p.orgId, notice: noticeOf(caller, p.notice), due: { fn, range } },
    p.order,
    p.page,
    p.size,
  );
  const now = Date.now();
  return pageOf(p, { list, total }, (t) => ({
    ...headOf(t),
    due: dueOf(t, fn, range),
    last_seen_at: t.lastSeenAt?.toISOString() ?? null,
    last_position_at: t.lastPositionAt?.toISOString() ?? null,
    silent: isSilent(t, now),
  }));
}

/** How many terminals in scope have a function due in each radar window. */
export async function expiringCounts(db: Conn, caller: Caller, orgId?: number) {
  // A count names no rows: a company out of scope answers like a missing one, not with zeros.
  if (orgId !== undefined) await orgIdInScope(db, caller, orgId);
  const now = today();
  return rr.dueCounts(
    db,
    scopeOf(caller),
    orgId,
    {
      '7': windowRange('7', now),
      '30': windowRange('30', now),
      '90': windowRange('90', now),
      expired: windowRange('expired', now),
    },
    { from: windowRange('expired', now).from, to: windowRange('90', now).to },
  );
}

/** A reminder notice narrows the radar to the terminals it named; only an agent has notices. */
const noticeOf = (caller: Caller, id: number | undefined) =>
  id === undefined ? undefined : { id, agentId: caller.role === 0 ? caller.id : 0 };

type Choice = ParsedParamsOf<typeof api.terminal.renewPreview>;
const filterOf = (caller: Caller, p: Choice): rr.DueFilter => ({
  orgId: p.orgId,
  notice: noticeOf(caller, p.notice),
  due: { fn: p.function as rr.FunctionChoice, range: windowRange(p.within as ExpiryWindow) },
});

type Renewable = Expiries & { id: number; name: string; ssid: string; orgId: number; userType: number };
type Step = {
  function: FunctionKey;
  outcome: RenewalOutcome;
  expires: string | null;
  renewed: string | null;
};

/**
 * The one renewal rule, single or bulk: what renewing the functions on the terminals takes (cards per type
 * and company) and the new expiries. A permanent VIP function is left as it is, free. A bulk renewal
 * (`due`: its window) renews on each terminal only the chosen functions due in the window or already past;
 * a single one renews what the agent chose on each terminal, but SOS only where it is off or falls due
 * within the radar's widest window (SPEC: SOS is turned on for users without it). Every renewal adds a
 * year to what is left, and none may reach 2035, which reads as permanent.
 */
export function planOf(found: Renewable[], functions: FunctionKey[], due?: rr.DayRange) {
  const now = today();
  const horizon = windowRange('90', now).to;
  const chosen = RenewableFunctions.filter((fn) => functions.includes(fn));
  const costs: {
    cardType: number;
    function: FunctionKey;
    cards: number;
    permanent: number;
    notDue: number;
  }[] = [];
  const takes: cards.Take[] = [];
  const updates = new Map<number, Partial<Record<FunctionKey, string>>>();
  // What the plan does to each chosen function of each terminal, as the rule below decides it.
  const steps = new Map<number, Step[]>(found.map((t) => [t.id, []]));
  const step = (t: Renewable, s: Step) => steps.get(t.id)?.push(s);
  for (const fn of chosen) {
    const column = expiryColumn[fn];
    const cardType = cardTypeOf[fn];
    const perOrg = new Map<number, cards.ChargedUser[]>();
    let [permanent, notDue] = [0, 0];
    for (const t of found) {
      const current = t[column];
      if (t.userType === UserType.vip && isPermanent(current)) {
        permanent += 1;
        step(t, { function: fn, outcome: 'permanent', expires: current, renewed: null });
        continue;
      }
      if (due && !(current !== null && current <= due.to)) {
        notDue += 1;
        step(t, { function: fn, outcome: 'notDue', expires: current, renewed: null });
        continue;
      }
      if (!due && fn === 'sos' && current !== null && current >= now && current > horizon)
        throw ruleBroken('selectUsersWithoutSos');
      const renewed = renewedExpiry(current, now);
      if (isPermanent(renewed)) throw ruleBroken('renewalPastPermanent', { id: t.id, function: fn });
      const paidFor = perOrg.get(t.orgId) ?? [];
      paidFor.push({ id: t.id, ssid: t.ssid, name: t.name });
      perOrg.set(t.orgId, paidFor);
      step(t, { function: fn, outcome: 'renewed', expires: current, renewed });
      const set = updates.get(t.id) ?? {};
      set[fn] = renewed;
      updates.set(t.id, set);
    }
    // One ledger row per company and card type, so that the sales record names whose users they went to.
    for (const [orgId, users] of [...perOrg].sort((a, b) => a[0] - b[0]))
      takes.push({ cardType, orgId, users });
    costs.push({ cardType, function: fn, cards: found.length - permanent - notDue, permanent, notDue });
  }
  return {
    costs,
    takes,
    updates: [...updates].map(([id, set]) => ({ id, set })),
    total: costs.reduce((n, c) => n + c.cards, 0),
    breakdown: [...found]
      .sort((a, b) => a.id - b.id)
      .map((t) => ({ id: t.id, name: t.name, ssid: t.ssid, functions: steps.get(t.id) ?? [] })),
  };
}

/**
 * Applies a renewal plan to terminals locked in id order: the caller's balances of the card types are
 * locked in type order, each type must be switched on and cover its share, then the cards are taken and the
 * expiries written, and the change tells the audit every terminal's old and new expiry and the cards.
 */
export async function applyPlan(
  tx: Conn,
  caller: Caller,
  found: Renewable[],
  plan: ReturnType<typeof planOf>,
  note: (n: AuditNote) => void,
) {
  const paid = plan.costs.filter((c) => c.cards > 0);
  let spent: CardsMoved[] = [];
  if (paid.length > 0) {
    const held = await cards.lockBalances(
      tx,
      caller.id,
      paid.map((c) => c.cardType),
    );
    for (const c of paid) {
      const row = held.find((h) => h.cardType === c.cardType);
      if (!row?.enabled) throw ruleBroken('cardTypeNotAllowed', { cardType: c.cardType });
      if (row.balance < c.cards) throw cards.shortOf(c.cardType);
    }
    spent = await cards.consumeMany(tx, caller.id, plan.takes, caller);
    await rr.setExpiries(tx, plan.updates);
  }
  const byId = new Map(found.map((t) => [t.id, t]));
  const columnsOf = (set: Partial<Record<FunctionKey, string>>, t: Renewable | undefined) =>
    Object.fromEntries(
      (Object.keys(set) as FunctionKey[]).map((fn) => [expiryColumn[fn], t?.[expiryColumn[fn]] ?? null]),
    );
  note({
    targetIds: plan.updates.map((u) => u.id),
    orgIds: plan.updates.map((u) => byId.get(u.id)?.orgId ?? 0).filter((id) => id > 0),
    before: Object.fromEntries(plan.updates.map((u) => [u.id, columnsOf(u.set, byId.get(u.id))])),
    after: Object.fromEntries(
      plan.updates.map((u) => [
        u.id,
        Object.fromEntries(Object.entries(u.set).map(([fn, v]) => [expiryColumn[fn as FunctionKey], v])),
      ]),
    ),
    cards: spent,
  });
}

/** The chosen terminals, unlocked: the ids sent (all in scope) or the radar filter's (at most 1 000). */
async function chosen(db: Conn, caller: Caller, p: Choice) {
  if (p.ids) {
    const ids = [...new Set(p.ids)];
    const rows = await rr.chosenByIds(db, scopeOf(caller), ids);
    if (rows.length !== ids.length) throw notFound();
    return rows;
  }
  if (p.orgId !== undefined) await orgIdInScope(db, caller, p.orgId);
  const rows = await rr.chosenByFilter(db, scopeOf(caller), filterOf(caller, p), RenewalLimits.batchMax + 1);
  if (rows.length > RenewalLimits.batchMax) throw invalid('renewMax');
  return rows;
}

/** What a bulk renewal would take, per card type against the caller's balance, before it is confirmed. */
export async function renewPreview(db: Conn, caller: Caller, p: Choice) {
  const found = await chosen(db, caller, p);
  const plan = planOf(found, p.functions, windowRange(p.within as ExpiryWindow));
  const balances = await cards.balances(db, caller.id);
  const now = Date.now();
  return {
    terminals: found.length,
    silent: found.filter((t) => isSilent(t, now)).length,
    costs: plan.costs.map((c) => ({
      ...c,
      balance: balances.find((b) => b.cardType === c.cardType)?.balance ?? 0,
    })),
    total: plan.total,
    breakdown: plan.breakdown,
  };
}

/**
 * Renews the chosen functions on many terminals in one transaction, all or nothing: the terminals are
 * locked in id order, then the caller's balances of the card types in type order; the cards are taken
 * only when `confirm` is still the total and every type covers its share. A handful of statements
 * whatever the number of terminals.
 */
export async function renewBatch(
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.terminal.renewBatch>,
) {
  return change(async (tx, note) => {
    const scope = scopeOf(caller);
    let found: TerminalRow[];
    if (p.ids) found = await lockAllInScope(tx, caller, p.ids);
    else {
      if (p.orgId !== undefined) await orgIdInScope(tx, caller, p.orgId);
      found = await rr.lockByFilter(tx, scope, filterOf(caller, p), RenewalLimits.batchMax + 1);
      if (found.length > RenewalLimits.batchMax) throw invalid('renewMax');
    }
    const plan = planOf(found, p.functions, windowRange(p.within as ExpiryWindow));
    if (plan.total !== p.confirm) throw ruleBroken('renewCostChanged', { total: plan.total });
    await applyPlan(tx, caller, found, plan, note);
    return {
      renewed: plan.updates.length,
      costs: plan.costs,
    };
  });
}

/** The card runway of the signed-in agent: per enabled card type, the balance against the renewals due. */
export async function runway(db: Conn, caller: Caller) {
  const now = today();
  const d30 = { from: now, to: shift(now, 30) };
  const d90 = { from: now, to: shift(now, 90) };
  const [balances, due] = [
    await cards.balances(db, caller.id),
    await rr.dueByFunction(db, scopeOf(caller), { d30, d90 }, d90),
  ];
  return {
    list: balances
      .filter((b) => b.enabled)
      .map((b) => {
        const fn = functionOfCard[b.cardType];
        const due30 = fn ? due(fn, 'd30') : 0;
        return {
          cardType: b.cardType,
          balance: b.balance,
          due30,
          due90: fn ? due(fn, 'd90') : 0,
          threshold: b.threshold,
          short: b.balance < due30,
          low: b.threshold > 0 && b.balance < b.threshold,
        };
      }),
  };
}

/** The chosen terminals still in the caller's scope, in id order, before a renewal is confirmed. */
export async function selected(db: Conn, caller: Caller, ids: number[]) {
  const rows = await findInScope(db, caller, [...new Set(ids)]);
  const list = rows
    .sort((a, b) => a.id - b.id)
    .map((t) => {
      const s = summaryOf({ ...t, orgName: '' });
      return { id: s.id, ssid: s.ssid, name: s.name, user_type: s.user_type, expiries: s.expiries };
    });
  return { list, total: list.length };
}

/**
 * Activates or renews one function for the chosen terminals, one card each, under the rules of every
 * renewal (`planOf`): a year added to what is left, VIP functions that are permanent left free, the card
 * switch and the balance checked under the lock.
 */
export async function addService(
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.terminal.addService>,
) {
  const fn = functionOfCard[p.cardType];
  if (!fn) throw ruleBroken('cardTypeNotAllowed', { cardType: p.cardType });
  return change(async (tx, note) => {
    // Locked before the cards are taken: every card consumed adds its year to the newest expiry.
    const found = await lockAllInScope(tx, caller, p.ids);
    const plan = planOf(found, [fn]);
    await applyPlan(tx, caller, found, plan, note);
    return { renewed: plan.updates.length, skipped: found.length - plan.updates.length };
  });
}

/** Sets functions' expiries of terminals as given, in one statement (the demo's fleet falling due). */
export const setExpiries = rr.setExpiries;
