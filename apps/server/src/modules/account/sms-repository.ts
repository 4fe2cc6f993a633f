import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { smsCodes, smsOutbox } from '../../db/schema.ts';

export type CodeRow = typeof smsCodes.$inferSelect;

export const insertOutbox = (db: Conn, phone: string, text: string) =>
  db.insert(smsOutbox).values({ phone, text });

/** The latest texts of the outbox, newest first, of one phone (with or without its +) or of all. */
export const latestOutbox = (db: Conn, limit: number, phone?: string) =>
  db
    .select()
    .from(smsOutbox)
    .where(
      phone
        ? inArray(smsOutbox.phone, [phone.replace(/^\+/, ''), `+${phone.replace(/^\+/, '')}`])
        : undefined,
    )
    .orderBy(desc(smsOutbox.id))
    .limit(limit);

/** A new code replaces the ones before it: only the latest code of a phone and purpose can be used. */
export async function replaceCode(
  db: Conn,
  row: { phone: string; purpose: string; codeHash: string; expiresAt: Date },
) {
  await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.phone, row.phone), eq(smsCodes.purpose, row.purpose), isNull(smsCodes.usedAt)));
  await db.insert(smsCodes).values(row);
}

/** Codes of a phone dead for a day are of no use to anyone. */
export const deleteStaleCodes = (db: Conn, phone: string) =>
  db
    .delete(smsCodes)
    .where(and(eq(smsCodes.phone, phone), lt(smsCodes.expiresAt, sql`now() - interval '1 day'`)));

export const latestCode = async (db: Conn, phone: string, purpose: string): Promise<CodeRow | undefined> =>
  (
    await db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1)
  )[0];

/**
 * Takes one of a live code's tries before the code is compared; false when none is left. Raising and
 * checking the count in one statement keeps a burst of guesses at one code to its number of tries.
 */
/** The code is unspent, unexpired and has tries left. */
const live = (id: number, maxTries: number) =>
  and(
    eq(smsCodes.id, id),
    isNull(smsCodes.usedAt),
    lt(smsCodes.tries, maxTries),
    gt(smsCodes.expiresAt, new Date()),
  );

export const takeTry = async (db: Conn, id: number, maxTries: number) =>
  (
    await db
      .update(smsCodes)
      .set({ tries: sql`${smsCodes.tries} + 1` })
      .where(live(id, maxTries))
      .returning({ id: smsCodes.id })
  ).length === 1;

/** A right code does not spend a try. */
export const giveTryBack = (db: Conn, id: number) =>
  db
    .update(smsCodes)
    .set({ tries: sql`greatest(${smsCodes.tries} - 1, 0)` })
    .where(eq(smsCodes.id, id));

/** Spends a live code; false when another request spent it or it died meanwhile. */
export const spendCode = async (db: Conn, id: number, maxTries: number) =>
  (
    await db
      .update(smsCodes)
      .set({ usedAt: new Date() })
      .where(live(id, maxTries))
      .returning({ id: smsCodes.id })
  ).length === 1;
