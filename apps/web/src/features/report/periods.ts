import type { api, DataOf } from '@ptt/contract';

type Months = DataOf<typeof api.report.agent>['months'];

/** The report's month (YYYY-MM) or Monday (YYYY-MM-DD) as a date at noon UTC, read back in UTC. */
const dayOf = (key: string) => new Date(`${key.length === 7 ? `${key}-01` : key}T12:00:00Z`);
const format = (lang: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });

/**
 * Months as the axis names them (the whole year on the first and on each January: "Jul 26" reads as a
 * day) and as the table does.
 */
export function monthNames(keys: string[], lang: string) {
  const short = format(lang, { month: 'short' });
  const withYear = format(lang, { month: 'short', year: 'numeric' });
  const full = format(lang, { month: 'long', year: 'numeric' });
  return keys.map((k, i) => ({
    short: (i === 0 || k.endsWith('-01') ? withYear : short).format(dayOf(k)),
    full: full.format(dayOf(k)),
  }));
}

/** Weeks by their Monday: month and day under the axis, the whole date in the table. */
export function weekNames(keys: string[], lang: string) {
  const short = format(lang, { month: 'numeric', day: 'numeric' });
  const full = format(lang, { year: 'numeric', month: 'short', day: 'numeric' });
  return keys.map((k) => ({ short: short.format(dayOf(k)), full: full.format(dayOf(k)) }));
}

/**
 * The periods the x axis names, every `step`-th counted back from the newest: the latest period, where a
 * new report's only figures are, is always named.
 */
export const periodSplits = (count: number, step: number) => {
  const splits: number[] = [];
  for (let i = count - 1; i >= 0; i -= Math.max(1, Math.round(step))) splits.unshift(i);
  return splits;
};

/** Per month, the cards bought, sold, consumed and recycled of every type together (the server filters a type). */
export const cardTotals = (months: Months) =>
  (['bought', 'sold', 'consumed', 'recycled'] as const).map((key) => ({
    key,
    values: months.map((m) => m.cards.reduce((n, c) => n + c[key], 0)),
  }));

/** The browser's time zone: months and weeks begin where the reader is. */
export const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
