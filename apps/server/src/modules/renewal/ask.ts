import { type api, NoticeType, type ParsedParamsOf, windowDays } from '@ptt/contract';
import type { Db } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { notFound, tooMany } from '../../http/errors.ts';
import type { Change } from '../../http/route.ts';
import * as throttle from '../../lib/rate-limit.ts';
import * as notices from '../notice/service.ts';
import * as orgs from '../org/service.ts';
import * as rr from './repository.ts';

/*
 * The company's side of renewals, apart from service.ts (the one renewal rule, which spends an agent's
 * cards): a company renews nothing itself, it asks its agent.
 */

/**
 * A company asks its agent to renew users of its own (another company's, or a missing one, answers not
 * found): one notice to the agent naming them, with the radar window they were chosen in, which opens the
 * agent's radar on them. At most `RenewalLimits.asksPerDay` a day per company, refused ones counted.
 */
export async function askRenewal(
  db: Db,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.terminal.askRenewal>,
) {
  const ids = [...new Set(p.ids)];
  const found = await rr.chosenByIds(db, scopeOf(caller), ids);
  const org = await orgs.findById(db, caller.id);
  if (found.length !== ids.length || !org) throw notFound();
  await throttle.take(db, throttle.RateLimits.renewalAsks(org.id), () => tooMany('askedTooOften'));
  const named = [...found].sort((a, b) => a.id - b.id);
  return change(async (tx, note) => {
    await notices.record(tx, {
      agentId: org.agentId,
      type: NoticeType.renewalRequest,
      orgName: org.name,
      users: named.map((t) => ({ name: t.name, account: t.ssid })),
      quantity: named.length,
      days: windowDays(p.within),
    });
    note({
      targetIds: named.map((t) => t.id),
      orgIds: [org.id],
      after: Object.fromEntries(named.map((t) => [t.id, { renewalAsked: p.within }])),
    });
    return { asked: named.length };
  });
}
