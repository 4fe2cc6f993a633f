import { Counter, Registry } from 'prom-client';

/**
 * Counters that the modules add to wherever the work happens (positions stored, pushes sent). They are
 * the process's own, shared by every server it builds, and are read out by GET /metrics beside the
 * series each server keeps of itself (requests, pool, streams).
 */
export const counters = new Registry();

export const positionsStored = new Counter({
  name: 'ptt_positions_stored_total',
  help: 'Positions of terminals stored',
  registers: [counters],
});

export const pushSends = new Counter({
  name: 'ptt_push_sends_total',
  help: 'Web Push messages of SOS and fence alarms accepted by a push service',
  registers: [counters],
});

export const pushFailures = new Counter({
  name: 'ptt_push_failures_total',
  help: 'Web Push messages of SOS and fence alarms a push service did not accept (gone subscriptions excluded)',
  registers: [counters],
});

/** Runs of the reminder job: the job adds one per run (outcome "ok" or "failed"). */
export const reminderRuns = new Counter({
  name: 'ptt_reminder_runs_total',
  help: 'Runs of the reminder job',
  labelNames: ['outcome'] as const,
  registers: [counters],
});
// Both outcomes are shown from the start, at 0, so a rate can be taken before the first run.
for (const outcome of ['ok', 'failed']) reminderRuns.inc({ outcome }, 0);

/** Reminder notices the job wrote: kind "expiry" (one per company, function and step) or "balance". */
export const remindersSent = new Counter({
  name: 'ptt_reminders_sent_total',
  help: 'Reminder notices written by the daily reminder job, by kind (expiry or balance)',
  labelNames: ['kind'] as const,
  registers: [counters],
});
for (const kind of ['expiry', 'balance']) remindersSent.inc({ kind }, 0);
