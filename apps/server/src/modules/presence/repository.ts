import { and, eq, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { terminalPresence, terminalWeeks } from '../../db/schema.ts';

export interface Seen {
  terminalId: number;
  orgId: number;
  agentPath: string;
}

/** A sighting at `at`, the instant written as the terminal's last call. */
type SeenAt = Seen & { at: Date };

/**
 * Marks an online terminal seen again; false when it has no row or is offline. A sweeper flipping it
 * at the same moment either finds it fresh or has flipped it first, and then this matches nothing.
 */
export const refreshOnline = async (db: Conn, t: SeenAt) =>
  (
    await db
      .update(terminalPresence)
      .set({ orgId: t.orgId, agentPath: t.agentPath, lastSeenAt: t.at })
      .where(and(eq(terminalPresence.terminalId, t.terminalId), eq(terminalPresence.online, true)))
      .returning({ id: terminalPresence.terminalId })
  ).length === 1;

/** The first sighting of a terminal; false when it already has a row. */
export const insertSeen = async (db: Conn, { at, ...t }: SeenAt) =>
  (
    await db
      .insert(terminalPresence)
      .values({ ...t, lastSeenAt: at, online: true })
      .onConflictDoNothing()
      .returning({ id: terminalPresence.terminalId })
  ).length === 1;

/** Whether the terminal was online, its row locked until the transaction ends. */
export const lockOnline = async (db: Conn, terminalId: number) =>
  (
    await db
      .select({ online: terminalPresence.online })
      .from(terminalPresence)
      .where(eq(terminalPresence.terminalId, terminalId))
      .for('update')
  )[0]?.online;

export const markSeen = (db: Conn, t: SeenAt) =>
  db
    .update(terminalPresence)
    .set({ orgId: t.orgId, agentPath: t.agentPath, lastSeenAt: t.at, online: true })
    .where(eq(terminalPresence.terminalId, t.terminalId));

/**
 * Flips the terminals silent for longer than `seconds` to offline in one statement: of instances
 * sweeping at once, each row is returned to exactly one (the others find it offline when its lock frees).
 */
export const markSilentOffline = (db: Conn, seconds: number) =>
  db
    .update(terminalPresence)
    .set({ online: false })
    .where(
      and(
        eq(terminalPresence.online, true),
        lt(terminalPresence.lastSeenAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .returning({
      terminalId: terminalPresence.terminalId,
      orgId: terminalPresence.orgId,
      agentPath: terminalPresence.agentPath,
    });

/** The terminal called in the company in the week (its UTC Monday); written once, whoever calls first. */
export const insertWeek = (db: Conn, row: typeof terminalWeeks.$inferInsert) =>
  db.insert(terminalWeeks).values(row).onConflictDoNothing();
