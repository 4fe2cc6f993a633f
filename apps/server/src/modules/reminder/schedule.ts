import { localParts } from '../../lib/zoned-time.ts';

/** How often an instance looks whether the day's run is due. */
export const CHECK_MS = 60_000;

export interface ScheduleLog {
  warn(obj: object, msg: string): void;
}

export interface ScheduleOptions {
  /** REMINDER_HOUR: the run is due from this hour of the zone's day on. */
  hour: number;
  timeZone: string;
  /** Runs the day's reminders unless an instance has (the day's claim decides). */
  run(now: Date): Promise<unknown>;
  log: ScheduleLog;
}

export interface Schedule {
  /** Looks once: runs the day's reminders when the hour has come and this instance has not seen the day run. */
  check(now?: Date): Promise<void>;
  stop(): void;
}

/**
 * Looks once whether the day's run is due: from REMINDER_HOUR on (in the server's zone) it tries the day's
 * run, which one instance takes (job_runs). An instance started after the hour catches up the same day. A
 * run that fails is tried again at the next look.
 */
export function dailyCheck(o: ScheduleOptions): (now?: Date) => Promise<void> {
  let done = '';
  let running: Promise<void> | undefined;
  return async (now = new Date()) => {
    const local = localParts(now, o.timeZone);
    if (local.minutes < o.hour * 60 || done === local.date || running) return;
    running = o
      .run(now)
      .then(() => {
        done = local.date;
      })
      .catch((err) => o.log.warn({ err, day: local.date }, 'reminders failed; tried again in a minute'))
      .finally(() => {
        running = undefined;
      });
    await running;
  };
}

/** The check every minute on its own timer, which keeps no process alive and stops on close. */
export function startSchedule(o: ScheduleOptions): Schedule {
  const check = dailyCheck(o);
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
