import type { LiveEventDataOf, LiveEventType } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { orgMovedNotice, sessionsNotice } from './hub.ts';
import * as repo from './repository.ts';

/**
 * Live events (docs/architecture.md, "Live events"). This module is the lowest layer: it imports no
 * other module, and the writers (sos, fence, location, presence) call `publish` inside their own
 * transaction, so an event exists exactly when its change does.
 */

/** An event as a writer gives it: the company and path it belongs to, and its data without org_id and at. */
export type NewLiveEvent = {
  [T in LiveEventType]: {
    type: T;
    orgId: number;
    agentPath: string;
    /** When it happened; now when absent. */
    at?: Date;
    data: Omit<LiveEventDataOf<T>, 'org_id' | 'at'>;
  };
}[LiveEventType];

/**
 * An event as stored: a writer whose event hangs on its own statement's outcome (a position newer than
 * the one kept) writes this row in that statement; it notifies no one, like every non-alarm event.
 */
export const rowOf = (e: NewLiveEvent): repo.NewLiveRow => ({
  type: e.type,
  orgId: e.orgId,
  agentPath: e.agentPath,
  payload: { ...e.data, org_id: e.orgId, at: (e.at ?? new Date()).toISOString() },
});

/** Events a person is waiting for (an alarm, or its end): every instance is told on commit. */
const urgent: ReadonlySet<LiveEventType> = new Set(['sos.raised', 'sos.processed', 'fence.alarm']);

/**
 * Writes events in the caller's transaction. Alarms notify every instance on commit; positions and
 * presence wait for the instances' next read (`FOLLOW_MS`), because a notifying commit holds a
 * database-wide lock through its WAL flush and a fleet's positions would queue on it.
 */
export async function publishMany(tx: Conn, events: NewLiveEvent[]) {
  if (events.length === 0) return;
  const ids = await repo.insertEvents(tx, events.map(rowOf));
  if (events.some((e) => urgent.has(e.type))) await repo.notify(tx, Math.max(...ids));
}

export const publish = (tx: Conn, event: NewLiveEvent) => publishMany(tx, [event]);

/**
 * Tells every instance, on commit, that sessions of an account ended: its open streams check their
 * session again at once and end (a logout, a password change, a reset, a deleted account).
 */
export const sessionsEnded = (tx: Conn, role: number, accountId: number) =>
  repo.notify(tx, sessionsNotice(role, accountId));

/** Tells every instance, on commit, that a company moved to another agent: streams narrowed to it check again. */
export const orgMoved = (tx: Conn, orgId: number) => repo.notify(tx, orgMovedNotice(orgId));

/**
 * Deletes events older than the retention, a bounded number per pass so that a sweep after a long
 * pause stays short (the next passes take the rest); returns how many.
 */
const PRUNE_MAX = 50_000;
export const prune = (db: Conn, retentionHours: number) =>
  repo.deleteBefore(db, new Date(Date.now() - retentionHours * 3_600_000), PRUNE_MAX);

/**
 * What a reconnecting stream missed, oldest first. A client away for longer than this many events
 * should reload its state (the fleet, the lists) rather than replay them.
 */
const REPLAY_MAX = 5000;
export const missed = (db: Conn, scope: repo.RowScope, after: number) =>
  repo.replay(db, scope, after, REPLAY_MAX);
