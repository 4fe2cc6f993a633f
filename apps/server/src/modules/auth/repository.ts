import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { puzzles, rateLimits } from '../../db/schema.ts';

export const insertPuzzle = (db: Conn, row: typeof puzzles.$inferInsert) => db.insert(puzzles).values(row);

export const deleteExpiredPuzzles = (db: Conn) => db.delete(puzzles).where(lt(puzzles.expiresAt, new Date()));

export const findFreshPuzzle = async (db: Conn, tokenHash: string) =>
  (
    await db
      .select()
      .from(puzzles)
      .where(
        and(eq(puzzles.tokenHash, tokenHash), isNull(puzzles.verifiedAt), gt(puzzles.expiresAt, new Date())),
      )
      .limit(1)
  )[0];

export const markPuzzleVerified = async (db: Conn, tokenHash: string) =>
  (
    await db
      .update(puzzles)
      .set({ verifiedAt: new Date() })
      .where(and(eq(puzzles.tokenHash, tokenHash), isNull(puzzles.verifiedAt)))
      .returning({ x: puzzles.x })
  ).length === 1;

export const deletePuzzle = (db: Conn, tokenHash: string) =>
  db.delete(puzzles).where(eq(puzzles.tokenHash, tokenHash));

/** Spends a verified puzzle: it can open one login attempt, once. */
export const takeVerifiedPuzzle = async (db: Conn, tokenHash: string) =>
  (
    await db
      .delete(puzzles)
      .where(
        and(
          eq(puzzles.tokenHash, tokenHash),
          isNotNull(puzzles.verifiedAt),
          gt(puzzles.expiresAt, new Date()),
        ),
      )
      .returning({ x: puzzles.x })
  )[0];

/** Counts one event in a fixed window and returns the count so far. */
export const hitRateLimit = async (db: Conn, key: string, windowSeconds: number) =>
  (
    await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} < now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} < now() then now() + make_interval(secs => ${windowSeconds}) else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count })
  )[0].count;

export const rateLimitCount = async (db: Conn, key: string) =>
  (
    await db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date())))
      .limit(1)
  )[0]?.count ?? 0;

export const clearRateLimit = (db: Conn, key: string) => db.delete(rateLimits).where(eq(rateLimits.key, key));
