import { z } from 'zod';
import { DAY_MS, Limits } from './constants.ts';
import { cardTypeCodes } from './enums.ts';
import { gettersOf, once } from './lazy.ts';
import type { MessageKey } from './messages.ts';

// In a browser the app runs under a Content-Security-Policy without 'unsafe-eval': zod's compiled
// parsers would test `new Function` there, which the policy refuses and reports. The server keeps them.
declare const document: unknown;
if (typeof document === 'object') z.config({ jitless: true });

/**
 * SPEC §5 rules as zod schemas. Every issue message is a key of the message catalogue, so the
 * server answers it in three languages and the web shows the same text under the field. Each schema
 * is a function that builds it on first call (lazy.ts); the endpoints call them, and the apps read
 * them as values through the `rules` table at the end.
 */
const str = (key: MessageKey) => z.string({ error: key }).trim();
const pattern = (key: MessageKey, re: RegExp) => str(key).regex(re, key);

// Chinese characters, digits, letters, underscore; not starting with an underscore.
const named = (min: number, max: number) =>
  new RegExp(`^(?!_)[\\p{Script=Han}0-9A-Za-z_]{${min},${max}}$`, 'u');
const hanAlnum = (min: number, max: number) => new RegExp(`^[\\p{Script=Han}0-9A-Za-z]{${min},${max}}$`, 'u');

export const companyName = once(() => pattern('companyName', named(4, 20)));
export const agentName = once(() => pattern('agentName', named(4, 20)));
export const contactName = once(() => str('contactName').min(2, 'contactName').max(10, 'contactName'));
export const nicknameLong = once(() => pattern('nicknameLong', named(2, 11)));
export const prefix = once(() =>
  str('prefixRequired').min(1, { error: 'prefixRequired', abort: true }).regex(named(2, 12), 'prefix'),
);
export const groupName = once(() => pattern('groupName', hanAlnum(2, 15)));
export const fenceName = once(() => str('fenceName').min(1, 'fenceName').max(15, 'fenceName'));
export const account = once(() => pattern('account', /^[0-9A-Za-z_]{6,20}$/));
/** Not trimmed: a space is not a letter or digit, and login compares the password untrimmed. */
export const password = once(() => z.string({ error: 'password' }).regex(/^[0-9A-Za-z]{6,16}$/, 'password'));
export const mobile = once(() => pattern('mobile', /^\+?\d{6,15}$/));
export const email = once(() => str('email').pipe(z.email({ error: 'email' })));
export const positiveInteger = once(() => pattern('positiveInteger', /^[1-9]\d*$/).transform(Number));
export const smsCode = once(() => pattern('smsCode', /^\d{4}$/));
/** A verification code as a form sends it: one that is not 4 digits is refused before it can spend a try. */
export const enteredCode = once(() =>
  pattern('enterCorrectCode', new RegExp(`^\\d{${Limits.smsCodeLength}}$`)),
);
export const iccid = once(() => pattern('iccid', /^[0-9A-Za-z]{19,20}$/));
/**
 * Full-width digits, minus and comma (what Chinese input methods type) as their ASCII forms, so a
 * count or an SSID typed in Chinese reads as the digits it shows.
 */
export const halfWidth = (text: string) =>
  text.replace(/[\uFF0C\uFF0D\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** An SSID: 15 digits, read after trimming and with full-width digits as digits; 16 is refused, not cut. */
export const ssid = once(() =>
  z.preprocess((v) => (typeof v === 'string' ? halfWidth(v) : v), pattern('ssid', /^\d{15}$/)),
);
/** Remarks are counted in characters: Chinese text has no spaces to count words by. */
export const remark = once(() => z.string({ error: 'remark' }).max(Limits.remarkMax, 'remark'));
export const cardPwd = once(() => pattern('cardPwd', /^\d{6}$/));
/** The largest count a form may send: the database's integer column. */
const countMax = 2_147_483_647;
/** Digits beyond this many are more than any count, and more than a JavaScript number holds exactly. */
const countDigitsMax = 15;

interface CountRule {
  min: number;
  max?: number;
  /** The message of a count below `min`, or missing. */
  minKey: MessageKey;
  /** The message of a count above `max`. */
  maxKey: MessageKey;
  /** The message of anything that is not a whole number ("2.5", "1e2", "abc"); `wholeNumber` by default. */
  wholeKey?: MessageKey;
}

/**
 * A whole number as every parameter reads one (the contract's rule): a JSON integer, or digits and
 * nothing else. A sign, a space, a base prefix (0x2, 0o2, 0b10), a point or an exponent (0.2e1, 1e2)
 * is not read as the number JavaScript would make of it, and null, '', true or [5] are no number.
 */
export const digitsValue = (v: unknown) =>
  v === undefined
    ? undefined
    : typeof v === 'number'
      ? v
      : typeof v === 'string' && /^\d{1,15}$/.test(v)
        ? Number(v)
        : Number.NaN;

/** A decimal (a coordinate, a radius, a speed): a finite JSON number, or a plain signed decimal. */
export const decimalValue = (v: unknown) =>
  v === undefined
    ? undefined
    : typeof v === 'number'
      ? v
      : typeof v === 'string' && /^-?\d{1,15}(\.\d{1,15})?$/.test(v)
        ? Number(v)
        : Number.NaN;

/** A whole number read as digits, answering `key` when it is not one. */
export const digits = (key: MessageKey = 'invalidParams') =>
  z.preprocess(digitsValue, z.number({ error: key }).int(key));
/** A finite decimal, answering `key` when it is not one. */
export const decimal = (key: MessageKey = 'invalidParams') =>
  z.preprocess(decimalValue, z.number({ error: key }));

/** A count as text: a JSON integer written out, a string trimmed and its full-width digits read. */
const countText = (v: unknown) =>
  typeof v === 'number'
    ? Number.isSafeInteger(v)
      ? String(v)
      : 'not whole'
    : typeof v === 'string'
      ? halfWidth(v).trim()
      : v;

/**
 * A count (a quantity, a number of groups, a priority): digits only, read as digits. The spellings a
 * JavaScript number also takes (1e2, 0x10, 2.5, Infinity) are not whole numbers, so "1e2" sells no
 * cards. Missing or blank says the minimum; a minus sign says the minimum too, as 0 does.
 */
export const wholeCount = (r: CountRule) => {
  const wholeKey = r.wholeKey ?? 'wholeNumber';
  const max = r.max ?? countMax;
  return z.preprocess(
    countText,
    z
      .string({ error: r.minKey })
      .min(1, { error: r.minKey, abort: true })
      .regex(/^-?\d+$/, { error: wholeKey, abort: true })
      .transform((text) => {
        const negative = text.startsWith('-');
        const digits = text.replace(/^-?0*/, '');
        const size = digits.length > countDigitsMax ? Number.MAX_SAFE_INTEGER : Number(digits);
        return negative ? -size : size;
      })
      .pipe(z.number().min(r.min, r.minKey).max(max, r.maxKey)),
  );
};

export const priority = once(() =>
  wholeCount({
    min: Limits.priority.min,
    max: Limits.priority.max,
    minKey: 'priority',
    maxKey: 'priority',
    wholeKey: 'priority',
  }),
);
/** A blank choice is no choice: coercion alone would read '' or null as 0, the voice card. */
const blankToUndefined = (v: unknown) =>
  v === null || typeof v === 'boolean' || (typeof v === 'string' && v.trim() === '') ? undefined : v;
export const cardType = once(() =>
  z.preprocess(
    blankToUndefined,
    digits('selectCardType').pipe(
      z
        .number()
        .int('selectCardType')
        .refine((n) => (cardTypeCodes as number[]).includes(n), 'selectCardType'),
    ),
  ),
);
/**
 * A record id: a positive integer within the database's integer column, written as the server writes
 * it. "007" is refused rather than read as 7: one record has one spelling (in logs, audit, caches).
 */
export const id = once(() =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.startsWith('0') ? Number.NaN : digitsValue(v)),
      z.number({ error: 'invalidParams' }).int('invalidParams'),
    )
    .pipe(z.number().positive('invalidParams').max(2_147_483_647, 'invalidParams')),
);

/** Login (SPEC §5): account and password must not be empty. */
export const loginCredentials = once(() =>
  z.object({
    username: str('accountOrPasswordEmpty')
      .min(1, 'accountOrPasswordEmpty')
      .max(Limits.loginFieldMax, 'invalidParams'),
    password: z
      .string({ error: 'accountOrPasswordEmpty' })
      .min(1, 'accountOrPasswordEmpty')
      .max(Limits.loginFieldMax, 'invalidParams'),
  }),
);

/** Password change: old required; new and confirmation 6–16 letters/digits, matching, different from old. */
export const passwordChange = once(() =>
  z
    .object({
      oldPassword: z.string({ error: 'oldPasswordRequired' }).min(1, 'oldPasswordRequired'),
      newPassword: password(),
      confirmPassword: password(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      error: 'inputsInconsistent',
      path: ['confirmPassword'],
    })
    .refine((v) => v.newPassword !== v.oldPassword, { error: 'newSameAsOld', path: ['newPassword'] }),
);

/** Service card (pay) password: 6 digits entered twice. */
export const cardPwdPair = once(() =>
  z
    .object({ cardPwd: cardPwd(), confirmCardPwd: cardPwd() })
    .refine((v) => v.cardPwd === v.confirmCardPwd, { error: 'inputsInconsistent', path: ['confirmCardPwd'] }),
);

/** Forgotten password: the new password entered twice (there is no old one to compare with). */
export const passwordPair = once(() =>
  z
    .object({ newPassword: password(), confirmPassword: password() })
    .refine((v) => v.newPassword === v.confirmPassword, {
      error: 'inputsInconsistent',
      path: ['confirmPassword'],
    }),
);

/** Feedback: 1–500 characters; a contact (phone, email or name) is optional. */
export const feedbackContent = once(() =>
  str('feedbackContent').min(1, 'feedbackContent').max(Limits.feedbackMax, 'feedbackContent'),
);
export const feedbackContact = once(() =>
  str('feedbackContact').max(Limits.feedbackContactMax, 'feedbackContact'),
);

/** Sales: an agent and a card type chosen, quantity ≥ 1 and ≤ balance (balance known to the caller). */
export const saleQuantity = (balance?: number) =>
  wholeCount({
    min: 1,
    max: balance,
    minKey: 'quantityMin',
    maxKey: balance === 0 ? 'insufficientBalance' : 'quantityOverBalance',
  });

/** Recycling: integer > 0 and not above the existing amount; 0 cannot be recycled. */
export const recycleQuantity = (existing?: number) => {
  const count = wholeCount({ min: 1, minKey: 'recycleInteger', maxKey: 'recycleOverAmount' });
  return existing === undefined
    ? count
    : count.refine(() => existing > 0, 'recycleZero').refine((n) => n <= existing, 'recycleOverAmount');
};

/**
 * Giving back cards taken back from a sub-agent: integer > 0 and not above those taken back from it and
 * not given back yet (`open`, when known).
 */
export const returnQuantity = (open?: number) => {
  const count = wholeCount({ min: 1, minKey: 'recycleInteger', maxKey: 'returnOverAmount' });
  return open === undefined
    ? count
    : count.refine(() => open > 0, 'returnNothing').refine((n) => n <= open, 'returnOverAmount');
};

/** Batch users by scan (≤100) or input (≤10): SSIDs 15 digits, no duplicates. */
export const ssidList = (max: number) =>
  z
    .array(ssid(), { error: 'selectUser' })
    .min(1, 'selectUser')
    .max(max, max === Limits.scanAddMax ? 'scanMax' : 'inputMax')
    .refine((list) => new Set(list).size === list.length, 'doNotAddRepeatedly');

/** Export date range: start not after end (the end day included), at most 90 days. Dates as YYYY-MM-DD, real calendar days. */
/** A real calendar day as YYYY-MM-DD (2026-02-30 has the shape and is refused). */
export const isoDate = once(() => z.iso.date({ error: 'invalidParams' }));
export const dateRange = once(() =>
  z
    .object({ start: isoDate(), end: isoDate() })
    // The end day is included: start = end is a range of one day, the commonest export.
    .refine((v) => v.start <= v.end, { error: 'dateStartBeforeEnd', path: ['end'] })
    .refine((v) => (Date.parse(v.end) - Date.parse(v.start)) / DAY_MS <= Limits.exportRangeDays, {
      error: 'dateRangeMax',
      path: ['end'],
    }),
);

/** Card replacement: old and new SSID, 15 digits each, different. */
export const cardReplacement = once(() =>
  z
    .object({ oldSsid: ssid(), newSsid: ssid() })
    .refine((v) => v.oldSsid !== v.newSsid, { error: 'newSsidInUse', path: ['newSsid'] }),
);

/** Batch group creation: 1–16 groups. */
export const groupBatchCount = once(() =>
  wholeCount({ min: 1, max: Limits.groupBatchMax, minKey: 'groupBatchMin', maxKey: 'groupBatchMax' }),
);

/** Lists: page is 1-based, size defaults to 20 and is at most 100. */
export const pageParams = once(() =>
  z.object({
    page: digits('invalidParams').pipe(z.number().int('invalidParams').min(1, 'invalidParams')).default(1),
    size: digits('invalidParams')
      .pipe(z.number().int('invalidParams').min(1, 'invalidParams').max(Limits.page.maxSize, 'invalidParams'))
      .default(Limits.page.defaultSize),
  }),
);

/** The first issue's message key of a failed parse (every schema above speaks in keys). */
export const firstIssueKey = (error: z.ZodError): string => error.issues[0]?.message ?? 'invalidParams';

/**
 * Ids chosen in a list, sent as '1,2,3' (or repeated); none chosen answers the given message, more than
 * `max` the `tooMany` one (the same unless given).
 */
export const idList = (key: MessageKey, max = 1000, tooMany: MessageKey = key) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v === undefined ? [] : v),
    z
      .array(digits(key).pipe(z.number().positive(key)), { error: key })
      .min(1, key)
      .max(max, tooMany),
  );

/** A free-text region of a company. */
export const region = once(() => z.string({ error: 'invalidParams' }).trim().max(50, 'invalidParams'));

/** A field that must not be empty, answering the given message. */
export const required = (key: MessageKey) => z.string({ error: key }).min(1, key);

/** A free-text address. */
export const address = once(() => z.string({ error: 'invalidParams' }).trim().max(100, 'invalidParams'));

/** Coordinates in degrees (WGS 84), as a terminal reports them and a map draws them. */
export const latitude = once(() =>
  decimal().pipe(z.number().min(-90, 'invalidParams').max(90, 'invalidParams')),
);
export const longitude = once(() =>
  decimal().pipe(z.number().min(-180, 'invalidParams').max(180, 'invalidParams')),
);

/** A time of day as HH:MM (24-hour), the bounds of a fence's daily valid period. */
export const clockTime = once(() => pattern('fencePeriod', /^([01]\d|2[0-3]):[0-5]\d$/));

/** An IANA time zone name the runtime knows (Asia/Hong_Kong, UTC). */
export const timeZone = once(() =>
  z
    .string({ error: 'invalidParams' })
    .max(64, 'invalidParams')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat(undefined, { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'invalidParams'),
);

/**
 * A list filter's optional date range: no dates, or both under the export-range rule (start before
 * end, at most 90 days). For `.superRefine` on a params object with optional start and end.
 */
export const checkOptionalDateRange = (v: { start?: string; end?: string }, ctx: z.RefinementCtx) => {
  if (v.start === undefined && v.end === undefined) return;
  const result = dateRange().safeParse(v);
  if (result.success) return;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue });
};

/** The rules above as one table, each schema built on first read (`rules.ssid.safeParse(…)`). */
export const rules = Object.assign(
  gettersOf({
    companyName,
    agentName,
    contactName,
    nicknameLong,
    prefix,
    groupName,
    fenceName,
    account,
    password,
    mobile,
    email,
    positiveInteger,
    smsCode,
    enteredCode,
    iccid,
    ssid,
    remark,
    cardPwd,
    priority,
    cardType,
    id,
    loginCredentials,
    passwordChange,
    cardPwdPair,
    passwordPair,
    feedbackContent,
    feedbackContact,
    isoDate,
    dateRange,
    cardReplacement,
    groupBatchCount,
    pageParams,
    region,
    address,
    latitude,
    longitude,
    clockTime,
    timeZone,
  }),
  {
    halfWidth,
    wholeCount,
    saleQuantity,
    recycleQuantity,
    returnQuantity,
    ssidList,
    firstIssueKey,
    idList,
    required,
    checkOptionalDateRange,
  },
);
