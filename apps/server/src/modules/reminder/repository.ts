import { type FunctionKey, RenewalLimits } from '@ptt/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { agentCards, orgs, remindersSent, terminalExpiries, terminals } from '../../db/schema.ts';

/** The steps smallest first: a function is due for the smallest step its days left fit in. */
const steps = [...RenewalLimits.reminderDays].sort((a, b) => a - b);
const farthest = steps[steps.length - 1];

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
 * every terminal whose expiry is from today to the farthest step (30 days) ahead, at the smallest step
 * (1, 7, 30) its days left fit in; a VIP terminal's permanent functions never (they have no expiry
 * row). A (terminal, function, expiry, step) recorded before, by this run or another instance's, is
 * skipped by the unique key; the rows are inserted in terminal order, so two runs at once wait for each
 * other, never deadlock.
 */
export async function recordExpiries(db: Conn, today: string): Promise<ExpiryReminded[]> {
  const left = sql`f.expires - ${today}::date`;
  const step = sql.join(
    steps.slice(0, -1).map((d) => sql`when ${left} <= ${sql.raw(String(d))} then ${sql.raw(String(d))}`),
    sql` `,
  );
  const result = (await db.execute(sql`
    with due as (
      select f.terminal_id, o.agent_id, f.function, f.expires,
        case ${step} else ${sql.raw(String(farthest))} end as days
      from ${terminalExpiries} f
      join ${orgs} o on o.id = f.org_id
      where f.expires between ${today}::date and ${today}::date + ${sql.raw(String(farthest))}
    ),
    recorded as (
      insert into ${remindersSent} (kind, agent_id, terminal_id, function, expires, days)
      select 'expiry', agent_id, terminal_id, function, expires, days from due
      order by terminal_id, function
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
 * Records the low-balance reminders due and returns the new ones: a card type switched on for an agent
 * whose balance is under its threshold (0 is none), once per (agent, card type, threshold).
 */
export async function recordBalances(db: Conn): Promise<BalanceReminded[]> {
  const result = (await db.execute(sql`
    with recorded as (
      insert into ${remindersSent} (kind, agent_id, card_type, threshold)
      select 'balance', agent_id, card_type, threshold from ${agentCards}
      where enabled and threshold > 0 and balance < threshold
      order by agent_id, card_type
      on conflict do nothing
      returning agent_id, card_type, threshold
    )
    select r.agent_id as "agentId", r.card_type as "cardType", r.threshold, c.balance
    from recorded r
    join ${agentCards} c on c.agent_id = r.agent_id and c.card_type = r.card_type
    order by r.agent_id, r.card_type
  `)) as unknown as { rows: BalanceReminded[] };
  return result.rows.map((r) => ({
    agentId: Number(r.agentId),
    cardType: Number(r.cardType),
    threshold: Number(r.threshold),
    balance: Number(r.balance),
  }));
}

/** The companies' contact phones, and whether each gets the reminder SMS. */
export const contactsOf = (db: Conn, orgIds: number[]) =>
  orgIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: orgs.id, phone: orgs.phone, reminderSms: orgs.reminderSms })
        .from(orgs)
        .where(inArray(orgs.id, orgIds));
