import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import type { Change } from '../../http/route.ts';
import * as throttle from '../../lib/rate-limit.ts';
import * as repo from './repository.ts';

/** Enough for a real user; a loop filling the table stops after 20 an hour. */
const perAccount = (c: Caller): throttle.Limit => ({
  key: `feedback:${c.role}:${c.id}`,
  max: 20,
  windowSeconds: 3600,
});

/** A feedback of the signed-in account; its audit row names it and keeps what was sent. */
export async function send(
  db: Db,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.feedback.send>,
) {
  await throttle.take(db, perAccount(caller));
  const sent = { content: p.content, contact: p.contact ?? '' };
  return change(async (tx, note) => {
    const row = await repo.insertFeedback(tx, { role: caller.role, subjectId: caller.id, ...sent });
    note({ targetIds: [row.id], after: { [row.id]: sent } });
    return row;
  });
}

/** For the operator CLI (feedback:list). */
export const latest = (db: Conn, limit: number) => repo.latestFeedback(db, limit);
