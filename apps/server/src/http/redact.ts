/**
 * Query keys whose values never reach a log line: sessions, passwords, codes, and a push
 * subscription's endpoint and keys (whoever holds them can send to that browser).
 */
const secretKeys = new Set(
  [
    'access_token',
    'device_token',
    'password',
    'oldPassword',
    'newPassword',
    'confirmPassword',
    'appSecret',
    'cardPwd',
    'confirmCardPwd',
    'payPwd',
    'code',
    'token',
    'endpoint',
    'p256dh',
    'auth',
  ].map((k) => k.toLowerCase()),
);
/** Any key that reads like a secret, whatever its exact name. */
const secretLike = /pass|pwd|token|secret|auth|p256dh|endpoint/i;

/** A query key as the parser reads it: percent-decoded, + as a space, any [..] suffix dropped. */
function keyOf(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).replace(/\[.*$/, '').trim().toLowerCase();
  } catch {
    return undefined;
  }
}

/** A parameter's or field's name that reads like a secret's: its value is never logged or recorded. */
export const isSecretName = (name: string) => secretKeys.has(name.toLowerCase()) || secretLike.test(name);

const isSecret = (raw: string) => {
  const key = keyOf(raw);
  // A key that cannot be decoded is logged without its value: it may spell a secret's name.
  return key === undefined || secretKeys.has(key) || secretLike.test(key);
};

/** The URL as logged: the value of every secret query parameter replaced, however its key is spelled. */
export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const safe = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && isSecret(key) ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${safe}${hash < 0 ? '' : url.slice(hash)}`;
};

/** A database's error, as node-postgres and PGlite raise it: a SQLSTATE code of five characters. */
interface DatabaseError {
  code: string;
  constraint?: unknown;
  message: string;
}

const isDatabaseError = (e: Error): e is Error & DatabaseError => {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};

/** The database's error an error is or wraps (Drizzle wraps it with the statement and its parameters). */
function databaseErrorOf(error: Error): DatabaseError | undefined {
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    if (isDatabaseError(e)) return e;
    e = e.cause;
  }
  return undefined;
}

/**
 * An error as every log line writes it (the logger's `err`): its kind, its message and the stack's frames;
 * for a database's error the code, the constraint and the database's message only. A statement's text and
 * parameters never reach the log: the parameters carry what the caller sent (names, keys, passwords'
 * hashes), and Drizzle repeats them in its message. A data exception's message (class 22) can quote the
 * value it refused, so it is left out too.
 */
export function redactError(error: unknown): { type: string; message: string; stack: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown', stack: '' };
  const stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const db = databaseErrorOf(error);
  if (db)
    return {
      type: error.name,
      code: db.code,
      ...(typeof db.constraint === 'string' && { constraint: db.constraint }),
      message: db.code.startsWith('22') ? 'data exception' : db.message,
      stack,
    } as { type: string; message: string; stack: string };
  const failedQuery = error.message.startsWith('Failed query:');
  return { type: error.name, message: failedQuery ? 'a statement failed' : error.message, stack };
}
