import { formatDateTime } from '../../lib/dates.ts';

/** When a fix was taken: the time alone for today's (most of a live fleet), else date and time. */
export const formatFix = (iso: string, lang: string): string => {
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString()
    ? at.toLocaleTimeString(lang, { timeStyle: 'short' })
    : formatDateTime(iso, lang);
};
