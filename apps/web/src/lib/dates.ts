import { DAY_MS } from '@ptt/contract';
/** Dates and times in the app's language (the browser's own locale may differ from the chosen one). */
export const formatDateTime = (iso: string, lang: string): string =>
  new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });

/** A time of day to the minute, on a 24-hour clock in every language. */
export const formatTime = (iso: string, lang: string): string =>
  new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export const formatDate = (iso: string, lang: string): string =>
  new Date(iso).toLocaleDateString(lang, { dateStyle: 'medium' });

/** A local calendar day, `offset` days from today, as YYYY-MM-DD (what date inputs and the server read). */
export const localDay = (offset = 0): string => {
  const d = new Date(Date.now() + offset * DAY_MS);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
