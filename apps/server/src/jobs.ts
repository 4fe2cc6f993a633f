import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import { pruneKeys } from './modules/change/service.ts';
import { maintainAuditLog, maintainPositions } from './modules/partitions/service.ts';
import { CHECK_MS, dailyCheck, type ScheduleLog } from './modules/reminder/schedule.ts';

/**
 * Every periodic job of an instance, in one list: what runs, how often, and why it is safe on several
 * instances at once. Nothing else in the server starts a timer at start-up; the live hub's follow and
 * ping timers belong to its open streams, and the place index is loaded on its first lookup, not on a timer.
 */
export interface Job {
  name: string;
  /** How often this instance runs it. */
  everyMs: number;
  /** Run once when the server is ready, before it answers (the tables a request writes to exist). */
  atStart: boolean;
  run(): Promise<unknown>;
}

/** How often each instance sweeps: presence timeouts and expired live events. */
export const SWEEP_MS = 5000;

interface JobDeps {
  database: Database;
  config: Config;
  /** The presence sweep (marks silent terminals offline, prunes old events): idempotent on any instance. */
  sweep: () => Promise<unknown>;
  /** The day's reminders: claimed once a day across instances in `job_runs` (modules/jobs). */
  reminders: (now: Date) => Promise<unknown>;
  /** Without it the sweeper runs only when called (tests racing sweepers). */
  sweepOnTimer: boolean;
  log: ScheduleLog;
}

export function jobsOf({ database, config, sweep, reminders, sweepOnTimer, log }: JobDeps): Job[] {
  const { db, owner } = database;
  return [
    ...(sweepOnTimer ? [{ name: 'presence sweep', everyMs: SWEEP_MS, atStart: false, run: sweep }] : []),
    // Partition upkeep is idempotent and serialises on each table's advisory lock: every instance may run it.
    // It makes and drops tables, so it runs as the owner (DESIGN §8).
    {
      name: 'positions partitions',
      everyMs: 3_600_000,
      atStart: true,
      run: () => maintainPositions(owner, config.POSITION_RETENTION_DAYS),
    },
    {
      name: 'audit partitions',
      everyMs: 24 * 3_600_000,
      atStart: true,
      run: () => maintainAuditLog(owner, config.AUDIT_RETENTION_MONTHS),
    },
    // Deleting expired keys is idempotent: every instance may run it.
    { name: 'idempotency keys', everyMs: 3_600_000, atStart: false, run: () => pruneKeys(db) },
    ...(config.REMINDER_HOUR === null
      ? []
      : [reminderJob(config.REMINDER_HOUR, config.TIME_ZONE, reminders, log)]),
  ];
}

/** The reminders look every minute whether the day's run is due (REMINDER_HOUR, in the zone). */
const reminderJob = (
  hour: number,
  timeZone: string,
  run: (now: Date) => Promise<unknown>,
  log: ScheduleLog,
) => ({
  name: 'reminders',
  everyMs: CHECK_MS,
  atStart: false,
  run: dailyCheck({ hour, timeZone, run, log }),
});

/** Starts every job when the server is ready and stops them when it closes; a failed run is logged. */
export function startJobs(app: FastifyInstance, jobs: Job[]) {
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      if (job.atStart) await job.run();
      const timer = setInterval(
        () => void job.run().catch((err: unknown) => app.log.error({ err }, `${job.name} failed`)),
        job.everyMs,
      );
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
