import { z } from 'zod';
import { once } from '../lazy.ts';
import { cardType, digits, id, timeZone } from '../rules.ts';
import { count, endpoint, optional } from './define.ts';

export const ReportLimits = {
  /** Months the agent's report reaches back at most, and by default. */
  monthsMax: 24,
  monthsDefault: 6,
  /** Weeks the company's report reaches back at most, and by default. */
  weeksMax: 26,
  weeksDefault: 8,
};

/** A whole number of periods from 1 to `max`. */
const periods = (max: number, fallback: number) =>
  digits('invalidParams')
    .pipe(z.number().int('invalidParams').min(1, 'invalidParams').max(max, 'invalidParams'))
    .default(fallback);

/** One card type's movements in one month, seen from the caller. */
export const reportCards = once(() =>
  z.object({ cardType: z.number(), bought: count(), sold: count(), consumed: count(), recycled: count() }),
);

export const agentReportMonth = once(() =>
  z.object({
    /** YYYY-MM in the time zone asked for. */
    month: z.string(),
    /** Card types with a movement that month, in type order. */
    cards: z.array(reportCards()),
    created: count(),
    lapsed: count(),
  }),
);

export const orgReportWeek = once(() =>
  z.object({
    /** The Monday the week starts on (YYYY-MM-DD), in the time zone asked for. */
    week: z.string(),
    /** null: the week starts before the oldest positions kept (POSITION_RETENTION_DAYS), so it is not known. */
    online: count().nullable(),
    sosRaised: count(),
    sosProcessed: count(),
    fenceAlarms: count(),
  }),
);

export const report = {
  agent: endpoint({
    method: 'GET',
    path: '/v1/report/agent',
    access: 'agent',
    summary:
      'The signed-in agent per month, oldest first, the current month last (months: 1–24, 6 by default; ' +
      'months start in timeZone or the server zone): cards it bought from its parent, sold to sub-agents, ' +
      'consumed for terminals and recycled from sub-agents, per card type (cardType: one only); terminals in its scope created that ' +
      'month; and lapsed terminals: in its scope, whose voice service expired that month before today and ' +
      'has not been renewed since (a renewal moves the expiry out of the month)',
    params: () =>
      z.object({
        months: periods(ReportLimits.monthsMax, ReportLimits.monthsDefault),
        cardType: optional(cardType()),
        timeZone: optional(timeZone()),
      }),
    data: () => z.object({ months: z.array(agentReportMonth()) }),
  }),
  org: endpoint({
    method: 'GET',
    path: '/v1/report/org',
    access: 'any',
    summary:
      'A company per week (Monday to Sunday in timeZone or the server zone), oldest first, the current week ' +
      'last (weeks: 1–26, 8 by default; an agent names a company in its scope by orgId): terminals online ' +
      '(distinct terminals that made any device call while in the company, in the UTC week starting on ' +
      "the week's Monday; null before the oldest positions kept), SOS alarms raised and SOS alarms " +
      'processed that week, and fence alarms',
    params: () =>
      z.object({
        weeks: periods(ReportLimits.weeksMax, ReportLimits.weeksDefault),
        orgId: optional(id()),
        timeZone: optional(timeZone()),
      }),
    data: () => z.object({ weeks: z.array(orgReportWeek()) }),
  }),
};
