import { DAY_MS } from '@ptt/contract';

export { DAY_MS };

/**
 * Calendar dates and clock times in a named time zone, with Intl only (no zone database of our own).
 * Formatters are costly to build and hold no state of the application, so one per zone is kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

const fieldsOf = (at: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
};

/** The local calendar date (YYYY-MM-DD) and minute of the day (0–1439) of an instant in a zone. */
export function localParts(at: Date, timeZone: string): { date: string; minutes: number } {
  const f = fieldsOf(at, timeZone);
  const date = `${String(f.year).padStart(4, '0')}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
  return { date, minutes: f.hour * 60 + f.minute };
}

/** An instant as the zone's wall clock reads it: YYYY-MM-DD HH:MM:SS. */
export function localDateTime(at: Date, timeZone: string): string {
  const f = fieldsOf(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(f.year).padStart(4, '0')}-${two(f.month)}-${two(f.day)} ${two(f.hour)}:${two(f.minute)}:${two(f.second)}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
const offsetAt = (at: Date, timeZone: string) => {
  const f = fieldsOf(at, timeZone);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
};

/** The instant a local calendar date begins in a zone (DST-aware: the offset is checked at the result). */
export function startOfDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall - offsetAt(new Date(wall), timeZone);
  const corrected = wall - offsetAt(new Date(guess), timeZone);
  if (corrected !== guess) guess = corrected;
  return new Date(guess);
}

/** A calendar date (YYYY-MM-DD) `n` days after another (before it when negative). */
export const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const nextDay = (date: string) => addDays(date, 1);

/** The same calendar date (YYYY-MM-DD) a year later: a function's year of service. */
export const addYear = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
};

/** The UTC date `n` days from now (before now when negative). */
export const daysFromToday = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

/** The instant `n` days before now. */
export const daysAgo = (n: number, now = Date.now()) => new Date(now - n * DAY_MS);

/** Today as YYYY-MM-DD (UTC), the form expiry dates are stored and compared in. */
export const today = () => new Date().toISOString().slice(0, 10);

/** A filter's dates as instants: from the start of `start` to the end of `end` (included), in a zone. */
export const dayRange = (start: string, end: string, timeZone: string) => ({
  from: startOfDay(start, timeZone),
  to: startOfDay(nextDay(end), timeZone),
});

/** A list filter's optional dates as instants in its zone (or the fallback), the end day included. */
export const filterRange = (
  q: { start?: string; end?: string; timeZone?: string },
  fallbackZone: string,
): { from?: Date; to?: Date } =>
  q.start && q.end ? dayRange(q.start, q.end, q.timeZone ?? fallbackZone) : {};

/** Minutes since midnight of an HH:MM clock time. */
export const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
