import type { Conn } from '../../db/client.ts';
import * as live from '../live/service.ts';
import * as repo from './repository.ts';

/**
 * Whether terminals are on. Any device call marks its terminal seen (the device module, on resolving
 * its token); a sweeper on each instance turns silent ones offline. Both emit their event in the
 * transaction of the change, exactly once.
 */

/** A terminal seen this recently is not written again: one write per terminal per 15 s at most. */
export const SEEN_WRITE_MS = 15_000;

export interface Known {
  online: boolean | null;
  lastSeenAt: Date | null;
}

/** Whether a sighting needs a write, from what the token's look-up read of the presence row. */
export const isStale = (known: Known, now = Date.now()) =>
  !known.online || !known.lastSeenAt || now - known.lastSeenAt.getTime() >= SEEN_WRITE_MS;

/**
 * Marks a terminal seen; going from offline (or never seen) to seen emits terminal.online. A terminal
 * that is online is refreshed in one statement; only a transition takes a transaction.
 */
export async function seen(db: Conn, t: repo.Seen) {
  if (await repo.refreshOnline(db, t)) return;
  await db.transaction(async (tx) => {
    let cameOnline = await repo.insertSeen(tx, t);
    if (!cameOnline) {
      // Locked, so a sweeper flipping it at the same moment waits and then finds it fresh.
      cameOnline = (await repo.lockOnline(tx, t.terminalId)) === false;
      await repo.markSeen(tx, t);
    }
    if (cameOnline) {
      await live.publish(tx, {
        type: 'terminal.online',
        orgId: t.orgId,
        agentPath: t.agentPath,
        data: { terminal_id: t.terminalId },
      });
    }
  });
}

/** Turns terminals silent for `timeoutSeconds` offline and emits terminal.offline for each; returns them. */
export async function sweepOffline(db: Conn, timeoutSeconds: number) {
  return db.transaction(async (tx) => {
    const gone = await repo.markSilentOffline(tx, timeoutSeconds);
    await live.publishMany(
      tx,
      gone.map((g) => ({
        type: 'terminal.offline' as const,
        orgId: g.orgId,
        agentPath: g.agentPath,
        data: { terminal_id: g.terminalId },
      })),
    );
    return gone.length;
  });
}

/** One pass of the sweeper every instance runs: presence timeouts, then events past their retention. */
export async function sweep(
  db: Conn,
  config: { PRESENCE_TIMEOUT_SECONDS: number; EVENT_RETENTION_HOURS: number },
) {
  const offline = await sweepOffline(db, config.PRESENCE_TIMEOUT_SECONDS);
  const pruned = await live.prune(db, config.EVENT_RETENTION_HOURS);
  return { offline, pruned };
}
