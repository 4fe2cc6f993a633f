import { Limits } from '@ptt/contract';
import type { Limit } from '../auth/throttle.ts';

const bare = (phone: string) => phone.replace(/^\+/, '');

/** Counters of the account flows, kept with the login counters in rate_limits. */
export const AccountLimits = {
  smsPhoneMinute: (phone: string): Limit => ({
    key: `sms-phone:${bare(phone)}`,
    max: 1,
    windowSeconds: Limits.smsResendSeconds,
  }),
  smsPhoneDay: (phone: string): Limit => ({
    key: `sms-day:${bare(phone)}`,
    max: Limits.smsDailyMax,
    windowSeconds: 24 * 3600,
  }),
  /** One address asking codes for many phones. */
  smsIp: (ip: string): Limit => ({ key: `sms-ip:${ip}`, max: 30, windowSeconds: 3600 }),
  /** Wrong codes from one address, across phones and codes. */
  codeIp: (ip: string): Limit => ({ key: `code-ip:${ip}`, max: 30, windowSeconds: 15 * 60 }),
  /** 6 digits are a million tries: five wrong ones lock the pay password for 15 minutes. */
  payPwd: (agentId: number): Limit => ({ key: `pay-pwd:${agentId}`, max: 5, windowSeconds: 15 * 60 }),
};
