import type { Db } from '../../db/client.ts';
import { DAY_MS } from '../../lib/zoned-time.ts';
import * as repo from './repository.ts';

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Keeps the day tables of positions: yesterday's to the day after tomorrow's exist (a day's positions never
 * wait for its table), and days older than the retention are dropped whole. Late positions for a day without
 * a table land in the default partition and are deleted there once past the retention.
 */
export async function maintainPositions(db: Db, retentionDays: number, now = Date.now()) {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const added: string[] = [];
  for (let d = -1; d <= 2; d++) {
    const day = utcDay(today + d * DAY_MS);
    if (await repo.addDay(db, day, dayStart(day), new Date(today + (d + 1) * DAY_MS))) added.push(day);
  }
  const cutoff = today - retentionDays * DAY_MS;
  const dropped = (await repo.periods(db, repo.positionDays)).filter(
    (day) => dayStart(day).getTime() < cutoff,
  );
  for (const day of dropped) await repo.drop(db, repo.positionDays, day);
  await repo.deleteDefaultPositionsBefore(db, new Date(cutoff));
  return { added, dropped };
}

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

/**
 * Keeps the month tables of the audit log: this month's and the next two exist, and months that ended
 * before the retention's first month are dropped whole (so `retentionMonths` whole months before this one
 * are kept).
 */
export async function maintainAuditLog(db: Db, retentionMonths: number, now = new Date()) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const added: string[] = [];
  for (let d = 0; d <= 2; d++) {
    const from = monthStart(y, m + d);
    if (await repo.addMonth(db, monthOf(from), from, monthStart(y, m + d + 1))) added.push(monthOf(from));
  }
  const cutoff = monthStart(y, m - retentionMonths);
  const dropped = (await repo.periods(db, repo.auditMonths)).filter((month) => month < monthOf(cutoff));
  for (const month of dropped) await repo.drop(db, repo.auditMonths, month);
  const defaultRenewed = await repo.renewAuditDefaultBefore(db, cutoff);
  return { added, dropped, defaultRenewed };
}
