import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import * as throttle from '../../lib/rate-limit.ts';
import * as repo from './repository.ts';

/** Enough for a real user; a loop filling the table stops after 20 an hour. */
const perAccount = (c: Caller): throttle.Limit => ({
  key: `feedback:${c.role}:${c.id}`,
  max: 20,
  windowSeconds: 3600,
});

export async function send(db: Db, caller: Caller, p: ParsedParamsOf<typeof api.feedback.send>) {
  await throttle.take(db, perAccount(caller));
  return repo.insertFeedback(db, {
    role: caller.role,
    subjectId: caller.id,
    content: p.content,
    contact: p.contact ?? '',
  });
}

/** For the operator CLI (feedback:list). */
export const latest = (db: Conn, limit: number) => repo.latestFeedback(db, limit);
