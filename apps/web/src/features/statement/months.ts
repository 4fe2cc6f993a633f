/** The device's zone: the statement's days and months are the ones the person lives in. */
export const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The last `n` months as YYYY-MM, this one first, in the device's calendar. */
export function recentMonths(n: number, now = new Date()): string[] {
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  });
}

/** A month as the statement's address names it: YYYY-MM, January to December. */
export const isMonth = (v: string | null): v is string => v !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** A month's first and last day, YYYY-MM-DD. */
export function daysOf(month: string) {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** A month's name as the language writes it ("Nov 2026", "2026年11月"). */
export const monthLabel = (month: string, lang: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)) - 1, 15)).toLocaleDateString(lang, {
    year: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
