import { DAY_MS } from '@ptt/contract';
/** Dates and times in the app's language (the browser's own locale may differ from the chosen one). */
export const formatDateTime = (iso: string, lang: string): string =>
  new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });

/** A time of day to the minute, on a 24-hour clock in every language. */
export const formatTime = (iso: string, lang: string): string =>
  new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export const formatDate = (iso: string, lang: string): string =>
  new Date(iso).toLocaleDateString(lang, { dateStyle: 'medium' });

/**
 * A calendar day (YYYY-MM-DD, or the day of an ISO time as the server wrote it) as formatDate writes
 * dates ("Dec 2, 2026"), the same day in every zone.
 */
export const formatDay = (day: string, lang: string): string => {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString(lang, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
};

/** A local calendar day, `offset` days from today, as YYYY-MM-DD (what date inputs and the server read). */
export const localDay = (offset = 0): string => {
  const d = new Date(Date.now() + offset * DAY_MS);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
