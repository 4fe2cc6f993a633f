/** A UTC day in milliseconds: the one place it is written (zones and summer time are `zoned-time`'s). */
export const DAY_MS = 86_400_000;

/** SPEC §9 business constants and limits. */
export const Limits = {
  requestTimeoutMs: 100_000,
  chunkLoadTimeoutMs: 120_000,
  puzzle: { width: 320, height: 160, block: 42, radius: 10, modalWidth: 350, tolerance: 4, ttlSeconds: 120 },
  sosPollMs: 3000,
  doubleClickGuardMs: 2000,
  password: { min: 6, max: 16 },
  loginFieldMax: 30,
  ssidLength: 15,
  scanAddMax: 100,
  inputAddMax: 10,
  groupBatchMax: 16,
  exportRangeDays: 90,
  remarkMax: 100,
  /** SOS processed together with one remark: a page's most. */
  sosBatchMax: 100,
  /** Push subscriptions an account keeps (its phones and browsers); a newer one replaces the oldest. */
  pushPerAccount: 10,
  feedbackMax: 500,
  feedbackContactMax: 50,
  smsCodeLength: 4,
  smsCodeTtlSeconds: 300,
  smsCodeMaxTries: 5,
  /** One code per phone per minute and ten a day: an SMS costs money and can be used to pester. */
  smsResendSeconds: 60,
  smsDailyMax: 10,
  cardPwdLength: 6,
  priority: { min: 1, max: 5 },
  cardSwipePage: 3,
  permanentYear: 2035,
  topLevelPathMax: 4,
  pathSegment: 4,
  page: { defaultSize: 20, maxSize: 100 },
  /** The live fleet map reads a company's terminals this many at a time (a list page's most), in id order. */
  fleetPage: 100,
  version: '1.0.1',
} as const;

/** A path of 4 characters or fewer is a top-level agent; longer is a sub-agent. */
export const isSubAgentPath = (path: string): boolean => path.length > Limits.topLevelPathMax;

/** An expiry in 2035 or later means the function is permanent. */
export const isPermanent = (date: string | Date | null | undefined): boolean => {
  if (!date) return false;
  // The year as written: parsing '2035-01-01 00:00:00' as local time would make it 2034 in UTC east of Greenwich.
  const written = typeof date === 'string' ? /^\s*(\d{4})\b/.exec(date) : null;
  if (written) return Number(written[1]) >= Limits.permanentYear;
  const d = typeof date === 'string' ? new Date(date) : date;
  return d.getUTCFullYear() >= Limits.permanentYear;
};
