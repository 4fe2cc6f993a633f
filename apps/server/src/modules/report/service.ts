import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { DAY_MS, localParts, startOfDay, today } from '../../lib/zoned-time.ts';
import { orgIdInScope } from '../scope/service.ts';
import * as repo from './repository.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** The last `count` months (YYYY-MM) up to the one `day` falls in, oldest first. */
export function monthsUpTo(day: string, count: number) {
  const [y, m] = day.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}`;
  });
}

/** The Mondays (YYYY-MM-DD) of the last `count` weeks up to the one `day` falls in, oldest first. */
export function weeksUpTo(day: string, count: number) {
  const at = Date.parse(`${day}T00:00:00Z`);
  const monday = at - ((new Date(at).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: count }, (_, i) =>
    new Date(monday - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/** A grouped count's rows by their bucket. */
const countsOf = <K extends string>(rows: ({ n: number } & Record<K, string>)[], key: K) =>
  new Map(rows.map((r) => [r[key], Number(r.n)]));

/** Rows counted per period (1 for the first of `periods`) by the period's name. */
const byPeriod = <R extends { period: number }>(rows: R[], periods: string[]) =>
  rows.map(({ period, ...r }) => ({ ...r, at: periods[Number(period) - 1] }));

interface Zone {
  TIME_ZONE: string;
}

/**
 * The zone asked for (or the server's) under its canonical name: PostgreSQL reads the name in SQL, and
 * knows the IANA names, not every spelling Intl accepts (a lower-case name, an alias such as EST).
 */
const zoneOf = (asked: string | undefined, config: Zone) =>
  new Intl.DateTimeFormat('en-US', { timeZone: asked ?? config.TIME_ZONE }).resolvedOptions().timeZone;

/** The signed-in agent's months: cards bought, sold, consumed and recycled per type, terminals created and lapsed. */
export async function agentReport(
  db: Conn,
  caller: Caller,
  p: ParsedParamsOf<typeof api.report.agent>,
  config: Zone,
) {
  const zone = zoneOf(p.timeZone, config);
  const months = monthsUpTo(localParts(new Date(), zone).date, p.months);
  const first = `${months[0]}-01`;
  const starts = months.map((m) => startOfDay(`${m}-01`, zone));
  const scope = scopeOf(caller);
  // One after the other: a request holds one connection of the pool.
  const cards = byPeriod(await repo.cardMonths(db, caller.id, starts, p.cardType), months);
  const created = countsOf(byPeriod(await repo.createdMonths(db, caller.path, starts), months), 'at');
  const lapsed = countsOf(await repo.lapsedMonths(db, scope, first, today()), 'month');
  return {
    months: months.map((month) => ({
      month,
      cards: cards
        .filter((c) => c.at === month)
        .sort((a, b) => a.cardType - b.cardType)
        .map((c) => ({
          cardType: c.cardType,
          bought: Number(c.bought),
          sold: Number(c.sold),
          consumed: Number(c.consumed),
          recycled: Number(c.recycled),
        })),
      created: created.get(month) ?? 0,
      lapsed: lapsed.get(month) ?? 0,
    })),
  };
}

/** A company's weeks: terminals online, SOS raised and processed, fence alarms. */
export async function orgReport(
  db: Conn,
  caller: Caller,
  p: ParsedParamsOf<typeof api.report.org>,
  config: Zone & { POSITION_RETENTION_DAYS: number },
) {
  const orgId = await orgIdInScope(db, caller, p.orgId);
  const zone = zoneOf(p.timeZone, config);
  const weeks = weeksUpTo(localParts(new Date(), zone).date, p.weeks);
  const starts = weeks.map((w) => startOfDay(w, zone));
  // Terminals' weeks were first written from the positions kept: a week that starts before the retention
  // would read as fewer online. A week reads the UTC week of its Monday (presence writes UTC weeks).
  const kept = Date.now() - config.POSITION_RETENTION_DAYS * DAY_MS;
  const known = weeks.filter((_, i) => starts[i].getTime() >= kept);
  const sos = await repo.sosWeeks(db, orgId, starts);
  const raised = countsOf(byPeriod(sos.raised, weeks), 'at');
  const processed = countsOf(byPeriod(sos.processed, weeks), 'at');
  const fence = countsOf(byPeriod(await repo.fenceWeeks(db, orgId, starts), weeks), 'at');
  const online =
    known.length > 0
      ? countsOf(await repo.onlineWeeks(db, orgId, known[0]), 'week')
      : new Map<string, number>();
  return {
    weeks: weeks.map((week) => ({
      week,
      online: known.includes(week) ? (online.get(week) ?? 0) : null,
      sosRaised: raised.get(week) ?? 0,
      sosProcessed: processed.get(week) ?? 0,
      fenceAlarms: fence.get(week) ?? 0,
    })),
  };
}
