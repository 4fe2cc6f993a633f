import { type Conn, commitWithoutWaiting } from '../../db/client.ts';
import { DAY_MS } from '../../lib/zoned-time.ts';
import * as live from '../live/service.ts';
import * as repo from './repository.ts';

/**
 * Whether terminals are on. Any device call marks its terminal seen (the device module, on resolving
 * its token); a sweeper on each instance turns silent ones offline. Both emit their event in the
 * transaction of the change, exactly once. The first call of a week in a company also writes the
 * terminal's week (the company report's online count), in the transaction that stores the call: a
 * stored last call therefore always has its week written, and a call of the same week and company as
 * the stored one writes none.
 */

/** A terminal seen this recently is not written again: one write per terminal per 15 s at most. */
export const SEEN_WRITE_MS = 15_000;

/** What the token's look-up read of the presence row: online, the last call and its company. */
export interface Known {
  online: boolean | null;
  lastSeenAt: Date | null;
  seenOrgId: number | null;
}

/** The UTC weeks since the one of 1970-01-01, a Thursday: weeks run Monday to Sunday. */
const weekNumber = (at: Date) => Math.floor((Math.floor(at.getTime() / DAY_MS) + 3) / 7);

/** The Monday (YYYY-MM-DD) of the UTC week an instant falls in. */
export const weekOf = (at: Date) => new Date((weekNumber(at) * 7 - 3) * DAY_MS).toISOString().slice(0, 10);

/** Whether a call at `at` in company `orgId` is the first of its week there, from the stored last call. */
const opensWeek = (known: Known | undefined, orgId: number, at: Date) =>
  !known?.lastSeenAt || known.seenOrgId !== orgId || weekNumber(known.lastSeenAt) !== weekNumber(at);

/** Whether a sighting needs a write, from what the token's look-up read of the presence row. */
export const isStale = (known: Known, orgId: number, now = new Date()) =>
  !known.online ||
  !known.lastSeenAt ||
  now.getTime() - known.lastSeenAt.getTime() >= SEEN_WRITE_MS ||
  opensWeek(known, orgId, now);

/**
 * Marks a terminal seen now; going from offline (or never seen) to seen emits terminal.online. `known`
 * is the presence row as read before (none: unknown). A terminal that is online, called before in the
 * same week and company, is refreshed in one statement; the first call of a week and a transition
 * take a transaction.
 */
export async function seen(db: Conn, t: repo.Seen, known?: Known) {
  const call = { ...t, at: new Date() };
  const opens = opensWeek(known, t.orgId, call.at);
  if (!opens && (await repo.refreshOnline(db, call))) return;
  await db.transaction(async (tx) => {
    // Not refreshed outside: the terminal has no row, is offline, or this call opens a week.
    const refreshed = opens && (await repo.refreshOnline(tx, call));
    let cameOnline = false;
    if (!refreshed) {
      cameOnline = await repo.insertSeen(tx, call);
      if (!cameOnline) {
        // Locked, so a sweeper flipping it at the same moment waits and then finds it fresh.
        cameOnline = (await repo.lockOnline(tx, t.terminalId)) === false;
        await repo.markSeen(tx, call);
      }
    }
    if (cameOnline) {
      await live.publish(tx, {
        type: 'terminal.online',
        orgId: t.orgId,
        agentPath: t.agentPath,
        data: { terminal_id: t.terminalId },
      });
    }
    // Last: the company's count of the week stays locked from here until the commit, which does not wait
    // for the disk. A crash that loses it loses the call's presence with it: the next call opens the week.
    if (opens) {
      await repo.insertWeek(tx, { terminalId: t.terminalId, orgId: t.orgId, week: weekOf(call.at) });
      await commitWithoutWaiting(tx);
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
