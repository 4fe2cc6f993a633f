import { FenceTrigger } from '@ptt/contract';
import { clockMinutes, localParts } from '../../lib/zoned-time.ts';

/** When a fence is armed: a daily period in its zone, and a date range unless it is permanent. */
export interface Validity {
  windowStart: string;
  windowEnd: string;
  timeZone: string;
  permanent: boolean;
  dateStart: string | null;
  dateEnd: string | null;
}

/**
 * The period includes both of its minutes (00:00–23:59 is the whole day, 08:00–18:00 includes 18:00:59);
 * an end before the start runs past midnight (22:00–06:00). Dates are the local date of the position.
 */
export function isArmed(v: Validity, at: Date): boolean {
  const local = localParts(at, v.timeZone);
  if (!v.permanent) {
    if (!v.dateStart || !v.dateEnd || local.date < v.dateStart || local.date > v.dateEnd) return false;
  }
  const start = clockMinutes(v.windowStart);
  const end = clockMinutes(v.windowEnd);
  const m = local.minutes;
  return start <= end ? m >= start && m <= end : m >= start || m <= end;
}

/** What the engine keeps per terminal and fence between positions. */
export interface FenceState {
  inside: boolean;
  at: Date;
  lastAlarmAt: Date | null;
}

export interface Decision {
  alarm: boolean;
  state: FenceState;
}

/**
 * One position against one fence. Enter and leave alarms need a crossing seen from a known side, so the
 * first position only sets the side. No-exit and no-entry alarm at once on a violation and again each
 * `repeatMs` while it lasts; the repeat clock restarts when the violation ends. Outside the armed period
 * nothing alarms, but the side is still followed, so arming does not invent a crossing.
 */
export function decide(
  trigger: number,
  armed: boolean,
  previous: FenceState | undefined,
  inside: boolean,
  at: Date,
  repeatMs: number,
): Decision {
  let alarm = false;
  let lastAlarmAt = previous?.lastAlarmAt ?? null;
  if (trigger === FenceTrigger.enter || trigger === FenceTrigger.leave) {
    const crossed = previous !== undefined && previous.inside !== inside;
    alarm = armed && crossed && inside === (trigger === FenceTrigger.enter);
  } else {
    const violating = trigger === FenceTrigger.noExit ? !inside : inside;
    if (!violating) lastAlarmAt = null;
    else alarm = armed && (lastAlarmAt === null || at.getTime() - lastAlarmAt.getTime() >= repeatMs);
  }
  if (alarm) lastAlarmAt = at;
  return { alarm, state: { inside, at, lastAlarmAt } };
}
