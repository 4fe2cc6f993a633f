/**
 * PostgreSQL data exceptions caused by a value the parameter rules let through: a number beyond the
 * column's range (an id of 2147483648), a date the calendar does not have (2026-02-30). The caller
 * sent a bad value, so the answer is 40001, not an internal error.
 */
const inputCodes = new Set(['22003', '22007', '22008']);

/** Whether an error (or one it wraps, as Drizzle does) is such a data exception. */
export function isBadInputValue(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && inputCodes.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
