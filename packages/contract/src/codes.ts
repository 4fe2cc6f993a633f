/** Response codes of the envelope. 20001 and 40102 are the vendor's; the others are ours. */
export const Code = {
  ok: 20001,
  invalid: 40001,
  loginFailed: 40101,
  unauthorized: 40102,
  forbidden: 40301,
  /**
   * A device call for a paid function (Location, SOS, Recording) that the terminal has not activated or
   * that has expired; the data names it: { function: 'location' | 'sos' | 'recording' }.
   */
  functionInactive: 40302,
  notFound: 40401,
  /** An HTTP status the vendor's backend answers when a login has timed out (SPEC §4). */
  loginTimeoutStatus: 40402,
  conflict: 40901,
  rule: 42201,
  tooMany: 42901,
  internal: 50001,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];
