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

/**
 * An unexpected error as logged: its kind, the database's code and message, and the failed statement
 * without its parameters (which carry what the caller sent: names, keys, passwords' hashes).
 */
export function redactError(error: unknown) {
  if (!(error instanceof Error)) return { message: 'non-error thrown' };
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  return {
    type: error.name,
    message: error.message.replace(/\n?\s*params:[\s\S]*$/, ''),
    ...(cause && { cause: { code: cause.code, message: cause.message } }),
    stack: error.stack?.replace(/\n?\s*params:[\s\S]*?(?=\n\s+at |$)/, ''),
  };
}
