import { isSubAgentPath } from '@ptt/contract';
import { and, asc, eq, gt, inArray, lt, max, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { liveEvents, sessions } from '../../db/schema.ts';

/** The channel every instance listens on; a notification's payload is the newest event id. */
export const CHANNEL = 'live_events';

export type NewLiveRow = typeof liveEvents.$inferInsert;
export type LiveRow = typeof liveEvents.$inferSelect;

export const insertEvents = async (db: Conn, rows: NewLiveRow[]) =>
  (await db.insert(liveEvents).values(rows).returning({ id: liveEvents.id })).map((r) => r.id);

/** Sent on commit only, so a listener never reads an event that is not there yet. */
export const notify = (db: Conn, payload: number | string) =>
  db.execute(sql`select pg_notify(${CHANNEL}, ${String(payload)})`);

/** When a session ends by itself: a stream opened with it ends then. */
export const sessionEnd = async (db: Conn, sessionId: number) =>
  (await db.select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)))[0]?.at;

export const maxId = async (db: Conn) =>
  Number((await db.select({ id: max(liveEvents.id) }).from(liveEvents))[0]?.id ?? 0);

/** Events after `after`, and those of `missing` (ids skipped over that may still commit), oldest first. */
export const readAfter = (db: Conn, after: number, missing: number[], limit: number) =>
  db
    .select()
    .from(liveEvents)
    .where(
      missing.length > 0
        ? or(gt(liveEvents.id, after), inArray(liveEvents.id, missing))
        : gt(liveEvents.id, after),
    )
    .orderBy(asc(liveEvents.id))
    .limit(limit);

/**
 * What a stream sees: a company's events, or an agent's subtree. An agent narrowed to one company
 * carries its own path too (`agentPath`), so the company's events stop the moment it moves away.
 */
export type RowScope =
  | { kind: 'org'; orgId: number; agentPath?: string }
  | { kind: 'sub' | 'top'; path: string };

export const isSubAgentScope = isSubAgentPath;

const inScope = (scope: RowScope) =>
  scope.kind === 'org'
    ? and(
        eq(liveEvents.orgId, scope.orgId),
        scope.agentPath === undefined
          ? undefined
          : isSubAgentScope(scope.agentPath)
            ? eq(liveEvents.agentPath, scope.agentPath)
            : eq(liveEvents.topPath, scope.agentPath),
      )
    : scope.kind === 'sub'
      ? eq(liveEvents.agentPath, scope.path)
      : eq(liveEvents.topPath, scope.path);

/** A stream's missed events: after `after`, in its scope, oldest first. */
export const replay = (db: Conn, scope: RowScope, after: number, limit: number) =>
  db
    .select()
    .from(liveEvents)
    .where(and(gt(liveEvents.id, after), inScope(scope)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);

/** Deletes up to `limit` events older than `before` (oldest first, on the created_at index); returns how many. */
export const deleteBefore = async (db: Conn, before: Date, limit: number) => {
  const oldest = db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .orderBy(asc(liveEvents.createdAt))
    .limit(limit);
  const gone = await db
    .delete(liveEvents)
    .where(inArray(liveEvents.id, oldest))
    .returning({ id: liveEvents.id });
  return gone.length;
};
