import { api, Code, type Envelope } from '@ptt/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rateLimits, smsCodes, smsOutbox } from '../src/db/schema.ts';
import type { Session, TestApp } from './harness.ts';

/** agent01's phone in the demo seed. */
export const agentPhone = '85291234567';

/** The code in the latest text the default provider wrote to a phone's outbox. */
export async function outboxCode(t: TestApp, phone: string): Promise<string> {
  const [row] = await t.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  expect(row, `an SMS to ${phone}`).toBeDefined();
  const code = /\b(\d{4})\b/.exec(row.text)?.[1];
  expect(code).toMatch(/^\d{4}$/);
  return code as string;
}

export const outboxCount = async (t: TestApp) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(smsOutbox))[0].n;

/** Lets the next code go out at once (the resend limit is one a minute). */
export const forgetResend = (t: TestApp) =>
  t.database.db.delete(rateLimits).where(sql`${rateLimits.key} like 'sms-%'`);

/** Moves every stored code's expiry five minutes and a second into the past. */
export const expireCodes = (t: TestApp) =>
  t.database.db.update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` });

export const expectMsg = (res: Envelope<unknown>, code: number, en: string) =>
  expect([res.code, res.msg.en]).toEqual([code, en]);

/** Sends a code and returns it as read from the outbox. */
export async function codeFor(t: TestApp, params: Record<string, unknown>, phone: string, session?: Session) {
  const res = await t.call(api.jsp.sendSms, params, session);
  expect([res.code, res.msg.en]).toEqual([Code.ok, 'The verification code has been sent']);
  return outboxCode(t, phone);
}

/** A code other than the right one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
