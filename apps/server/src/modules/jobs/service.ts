import type { Conn } from '../../db/client.ts';
import * as repo from './repository.ts';

/**
 * The one way a periodic job runs once across instances: its work's transaction first claims the job's
 * day in `job_runs` (a plain insert, the same on PGlite and PostgreSQL); an instance that finds the day
 * taken does nothing. A run that rolls back frees the day for the next try.
 */
export const claimDay = (tx: Conn, name: string, day: string) => repo.claimDay(tx, name, day);

/** Marks a claimed day's run finished (what happened after the claim's commit is done too). */
export const finishDay = (db: Conn, name: string, day: string) => repo.finishDay(db, name, day);
