import { and, eq, gt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

/** A spending call's key, as one account sent it for one action with one set of parameters. */
export interface Claim {
  role: number;
  id: number;
  key: string;
  action: string;
  hash: string;
}

/** How long a key's answer is kept and repeated. */
const LIFE = sql`interval '24 hours'`;

const ofClaim = (c: Claim) =>
  and(
    eq(idempotencyKeys.accountRole, c.role),
    eq(idempotencyKeys.accountId, c.id),
    eq(idempotencyKeys.key, c.key),
  );

/** The answer kept for an account's key within its life, if any (only committed rows, which all have one). */
export async function kept(db: Conn, c: Claim) {
  const [row] = await db
    .select({
      action: idempotencyKeys.action,
      hash: idempotencyKeys.paramsHash,
      answer: idempotencyKeys.answer,
    })
    .from(idempotencyKeys)
    .where(and(ofClaim(c), gt(idempotencyKeys.createdAt, sql`now() - ${LIFE}`)));
  return row;
}

/**
 * Takes the key for this transaction: true when it is new (or its earlier use has expired). A concurrent
 * call holding the same key makes this wait until that call commits (then false) or rolls back (then true).
 */
export async function claim(tx: Conn, c: Claim) {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ accountRole: c.role, accountId: c.id, key: c.key, action: c.action, paramsHash: c.hash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.accountRole, idempotencyKeys.accountId, idempotencyKeys.key],
      set: { action: c.action, paramsHash: c.hash, answer: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} <= now() - ${LIFE}`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Keeps the answer of the call that holds the key, in its transaction. */
export const keepAnswer = (tx: Conn, c: Claim, answer: unknown) =>
  tx.update(idempotencyKeys).set({ answer }).where(ofClaim(c));

/** Forgets keys past their life; answers how many. */
export async function pruneKeys(db: Conn) {
  const rows = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} <= now() - ${LIFE}`)
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
