import type { Lang } from '@ptt/contract';
import { Limits } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { insertOutbox } from './sms-repository.ts';

/** Delivers a text to a phone. A real gateway implements this; the default writes to log and outbox. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

export interface SmsLogger {
  info(obj: object, msg: string): void;
}

/**
 * The default provider: there is no gateway, so the sms_outbox row is the delivery, read with the
 * operator CLI (`sms:outbox`). The log line says a text went out, never its code nor the whole number:
 * logs travel further than the database.
 */
export const outboxProvider = (db: Conn, log: SmsLogger): SmsProvider => ({
  async send(phone, text) {
    await insertOutbox(db, phone, text);
    log.info({ sms: { phone: maskPhone(phone) } }, 'sms written to the outbox (no gateway configured)');
  },
});

const minutes = Limits.smsCodeTtlSeconds / 60;

export const codeText = (lang: Lang, code: string): string =>
  ({
    en: `PTT Console verification code: ${code}. It expires in ${minutes} minutes. Do not share it.`,
    cn: `PTT Console 验证码：${code}，${minutes}分钟内有效，请勿告诉他人。`,
    cn2: `PTT Console 驗證碼：${code}，${minutes}分鐘內有效，請勿告訴他人。`,
  })[lang];

/** Enough of a number to recognise it, not enough to learn it: at least half of a short one is hidden. */
export function maskPhone(phone: string): string {
  if (phone.length < 10) return `${phone.slice(0, 2)}****${phone.length >= 8 ? phone.slice(-2) : ''}`;
  return `${phone.slice(0, phone.startsWith('+') ? 4 : 3)}****${phone.slice(-4)}`;
}
