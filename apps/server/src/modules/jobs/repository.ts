import { and, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { jobRuns } from '../../db/schema.ts';

/**
 * Takes a job's day: true for the one transaction whose insert made the row. A second instance's insert
 * waits on the row until the first commits (then finds it taken) or rolls back (then takes it).
 */
export const claimDay = async (db: Conn, name: string, day: string) =>
  (await db.insert(jobRuns).values({ name, day }).onConflictDoNothing().returning({ name: jobRuns.name }))
    .length === 1;

export const finishDay = (db: Conn, name: string, day: string) =>
  db
    .update(jobRuns)
    .set({ finishedAt: sql`now()` })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.day, day)));
