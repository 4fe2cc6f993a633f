import type { FunctionKey } from '@ptt/contract';
import { between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agentCards, orgs, remindersSent, terminalExpiries, terminals } from '../../db/schema.ts';
import { addDays } from '../../lib/zoned-time.ts';
import { balanceIsLow, expiryStep, farthestStep } from './rules.ts';

export interface ExpiryReminded {
  agentId: number;
  orgId: number;
  orgName: string;
  function: FunctionKey;
  days: number;
  terminalId: number;
  name: string;
  ssid: string;
}

/**
 * Records the expiry reminders due on `today` and returns the new ones, each once: every function of
 * every terminal whose expiry is from today to the farthest step (30 days) ahead, at the step `expiryStep`
 * gives it; a VIP terminal's permanent functions never (they have no expiry row). A (terminal, function,
 * expiry, step) recorded before, by this run or another instance's, is skipped by the unique key; the rows
 * are inserted in terminal order, so two runs at once wait for each other, never deadlock.
 */
export async function recordExpiries(db: Conn, today: string): Promise<ExpiryReminded[]> {
  const expiring = await db
    .select({
      terminalId: terminalExpiries.terminalId,
      function: terminalExpiries.function,
      expires: terminalExpiries.expires,
      agentId: orgs.agentId,
    })
    .from(terminalExpiries)
    .innerJoin(orgs, eq(orgs.id, terminalExpiries.orgId))
    .where(between(terminalExpiries.expires, today, addDays(today, farthestStep)))
    .orderBy(terminalExpiries.terminalId, terminalExpiries.function);
  const due = expiring.flatMap((r) => {
    const days = expiryStep(today, r.expires);
    return days === null ? [] : [{ ...r, days }];
  });
  if (due.length === 0) return [];
  const result = (await db.execute(sql`
    with recorded as (
      insert into ${remindersSent} (kind, agent_id, terminal_id, function, expires, days)
      select 'expiry', d."agentId", d."terminalId", d.function, d.expires, d.days
      from jsonb_to_recordset(${JSON.stringify(due)}::jsonb)
        as d("agentId" int, "terminalId" int, function text, expires date, days smallint)
      order by d."terminalId", d.function
      on conflict do nothing
      returning terminal_id, function, days
    )
    select o.agent_id as "agentId", o.id as "orgId", o.name as "orgName", r.function, r.days,
      t.id as "terminalId", t.name, t.ssid
    from recorded r
    join ${terminals} t on t.id = r.terminal_id
    join ${orgs} o on o.id = t.org_id
    order by o.agent_id, o.id, r.function, r.days desc, t.id
  `)) as unknown as { rows: ExpiryReminded[] };
  return result.rows.map((r) => ({ ...r, days: Number(r.days) }));
}

export interface BalanceReminded {
  agentId: number;
  cardType: number;
  threshold: number;
  balance: number;
}

/**
 * Records the low-balance reminders due and returns the new ones: a card balance `balanceIsLow` finds
 * under its threshold, once per (agent, card type, threshold).
 */
export async function recordBalances(db: Conn): Promise<BalanceReminded[]> {
  const thresholds = await db
    .select({
      agentId: agentCards.agentId,
      cardType: agentCards.cardType,
      threshold: agentCards.threshold,
      balance: agentCards.balance,
      enabled: agentCards.enabled,
    })
    .from(agentCards)
    .where(gt(agentCards.threshold, 0))
    .orderBy(agentCards.agentId, agentCards.cardType);
  const low = thresholds.filter(balanceIsLow).map(({ enabled: _, ...c }) => c);
  if (low.length === 0) return [];
  const recorded = await db
    .insert(remindersSent)
    .values(
      low.map(({ agentId, cardType, threshold }) => ({ kind: 'balance', agentId, cardType, threshold })),
    )
    .onConflictDoNothing()
    .returning({ agentId: remindersSent.agentId, cardType: remindersSent.cardType });
  const isNew = new Set(recorded.map((r) => `${r.agentId}:${r.cardType}`));
  return low.filter((c) => isNew.has(`${c.agentId}:${c.cardType}`));
}

/** The companies' contact phones, and whether each gets the reminder SMS. */
export const contactsOf = (db: Conn, orgIds: number[]) =>
  orgIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: orgs.id, phone: orgs.phone, reminderSms: orgs.reminderSms })
        .from(orgs)
        .where(inArray(orgs.id, orgIds));
