import { and, desc, eq, gt, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agents, pushSent, pushSubscriptions, sessions } from '../../db/schema.ts';

export type NewSubscription = Omit<typeof pushSubscriptions.$inferInsert, 'id' | 'createdAt'>;

/** One statement: a browser subscribing again under the same account renews its row (and its session). */
export const upsertSubscription = (db: Conn, row: NewSubscription) =>
  db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: [pushSubscriptions.role, pushSubscriptions.accountId, pushSubscriptions.endpoint],
      set: {
        sessionId: row.sessionId,
        createdAt: sql`now()`,
        p256dh: row.p256dh,
        auth: row.auth,
        lang: row.lang,
        userAgent: row.userAgent,
      },
    });

/** Deletes an endpoint only when it is the account's own. */
export const deleteOwnSubscription = (db: Conn, role: number, accountId: number, endpoint: string) =>
  db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.role, role),
        eq(pushSubscriptions.accountId, accountId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );

export const deleteAccountSubscriptions = (db: Conn, role: number, accountId: number) =>
  db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.role, role), eq(pushSubscriptions.accountId, accountId)));

/** Keeps an account's newest `keep` subscriptions and deletes the rest. */
export const trimAccount = (db: Conn, role: number, accountId: number, keep: number) =>
  db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.role, role),
      eq(pushSubscriptions.accountId, accountId),
      notInArray(
        pushSubscriptions.id,
        db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.role, role), eq(pushSubscriptions.accountId, accountId)))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(keep),
      ),
    ),
  );

/** Deletes an account's subscriptions made under any session but `keepSessionId`. */
export const deleteOtherSessions = (db: Conn, role: number, accountId: number, keepSessionId: number) =>
  db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.role, role),
        eq(pushSubscriptions.accountId, accountId),
        ne(pushSubscriptions.sessionId, keepSessionId),
      ),
    );

export const deleteSubscription = (db: Conn, id: number) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

/** True for the one caller whose insert claimed the event; every later or concurrent one gets false. */
export const claimEvent = async (db: Conn, eventId: number) =>
  (
    await db
      .insert(pushSent)
      .values({ eventId })
      .onConflictDoNothing()
      .returning({ eventId: pushSent.eventId })
  ).length === 1;

/** Claims of events past the retention: their events are gone and cannot be pushed again. */
export const deleteClaimsBefore = (db: Conn, before: Date) =>
  db.delete(pushSent).where(lt(pushSent.createdAt, before));

const live = () =>
  and(
    eq(sessions.id, pushSubscriptions.sessionId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
  );

const target = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
  lang: pushSubscriptions.lang,
};

/** One agent's subscriptions made under sessions that still hold. */
export const agentRecipients = (db: Conn, agentId: number) =>
  db
    .select(target)
    .from(pushSubscriptions)
    .innerJoin(sessions, live())
    .where(and(eq(pushSubscriptions.role, 0), eq(pushSubscriptions.accountId, agentId)));

/**
 * The languages an account's subscriptions were made in, newest first: the language its texts are
 * written in when the account is not on a phone to read them (an SMS).
 */
export const accountLanguages = (db: Conn, role: number, accountIds: number[]) =>
  accountIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ accountId: pushSubscriptions.accountId, lang: pushSubscriptions.lang })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.role, role), inArray(pushSubscriptions.accountId, accountIds)))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));

/**
 * The subscriptions of the accounts that see a company's alarms: the company itself, the agent that owns
 * it and that agent's top-level agent (the first 4 characters of its path; the same agent when it is one),
 * made under sessions that still hold.
 */
export const recipients = (db: Conn, orgId: number, agentPath: string) =>
  db
    .select(target)
    .from(pushSubscriptions)
    .innerJoin(sessions, live())
    .where(
      or(
        and(eq(pushSubscriptions.role, 1), eq(pushSubscriptions.accountId, orgId)),
        and(
          eq(pushSubscriptions.role, 0),
          inArray(
            pushSubscriptions.accountId,
            db
              .select({ id: agents.id })
              .from(agents)
              .where(inArray(agents.path, [agentPath, agentPath.slice(0, 4)])),
          ),
        ),
      ),
    );
