/** PostgreSQL's unique_violation: a concurrent call stored the same key between our check and our insert. */
const UNIQUE_VIOLATION = '23505';

/** Whether an error (or one it wraps, as Drizzle does) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `work`; when a racing call took the same unique key first, answers what the check before the
 * insert would have answered had it run a moment later (`answer` may look the winner up).
 */
export async function unlessTaken<T>(
  work: () => Promise<T>,
  answer: () => Error | Promise<Error>,
): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) throw await answer();
    throw e;
  }
}
