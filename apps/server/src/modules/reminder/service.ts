import { type CardKey, CardTypes, type Lang, NoticeType, Role } from '@ptt/contract';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { reminderRuns, remindersSent } from '../../http/metrics.ts';
import { localParts } from '../../lib/zoned-time.ts';
import type { SmsProvider } from '../account/sms-provider.ts';
import * as jobs from '../jobs/service.ts';
import * as notices from '../notice/service.ts';
import type { PushNetwork } from '../push/network.ts';
import { languagesOf, sendToAgent } from '../push/service.ts';
import * as repo from './repository.ts';
import { agentPush, balanceLine, contactSms, type ExpiryGroup, expiryLine } from './texts.ts';

/**
 * The daily reminders (DESIGN §10): a notice to each agent for its companies' terminals whose functions
 * expire within 30, 7 and 1 days (type 9) and for its card balances under their thresholds (type 10),
 * then a Web Push to the agent's phones and an SMS to each company's contact. Each terminal, function
 * and threshold is reminded once, however often and on however many instances the run goes.
 */

export const JOB = 'reminders';

export interface ReminderDeps {
  db: Db;
  config: Pick<Config, 'TIME_ZONE' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;
  sms: SmsProvider;
  pushNetwork?: PushNetwork;
}

export interface ReminderRun {
  /** The server's local date the run reminded for. */
  day: string;
  /** Notices written: one per company, function and step; one per card type under its threshold. */
  expiryNotices: number;
  balanceNotices: number;
  /** Terminal functions reminded. */
  terminals: number;
  pushes: { sent: number; removed: number; failed: number };
  /** Texts the SMS provider took, and those it refused (each company's is tried whatever the others did). */
  sms: number;
  smsFailed: number;
}

const cardOf = (key: string) => CardTypes.find((c) => c.key === key) ?? CardTypes[0];

/** Group key of a type 9 notice: agent, company, function, step. */
const groupKey = (r: repo.ExpiryReminded) => `${r.agentId}:${r.orgId}:${r.function}:${r.days}`;

interface Group extends ExpiryGroup {
  agentId: number;
  orgId: number;
  users: { name: string; account: string }[];
}

function groupsOf(rows: repo.ExpiryReminded[]): Group[] {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    let g = groups.get(groupKey(r));
    if (!g) {
      g = {
        agentId: r.agentId,
        orgId: r.orgId,
        company: r.orgName,
        card: r.function as CardKey,
        days: r.days,
        terminals: 0,
        users: [],
      };
      groups.set(groupKey(r), g);
    }
    g.users.push({ name: r.name, account: r.ssid });
    g.terminals++;
  }
  return [...groups.values()];
}

/**
 * Runs the reminders for the day `now` falls on in the server's zone. With `claim`, the run first takes
 * the day's row of job_runs in the same transaction: when another run (another instance) has it, this
 * one does nothing and answers null. Without it (the operator's `reminders:run`) it runs whatever the
 * day's row says; the reminders already sent are skipped all the same.
 */
export async function runReminders(
  deps: ReminderDeps,
  { now = new Date(), claim = false }: { now?: Date; claim?: boolean } = {},
): Promise<ReminderRun | null> {
  try {
    const run = await remind(deps, now, claim);
    if (run) reminderRuns.inc({ outcome: 'ok' });
    return run;
  } catch (err) {
    reminderRuns.inc({ outcome: 'failed' });
    throw err;
  }
}

async function remind(deps: ReminderDeps, now: Date, claim: boolean): Promise<ReminderRun | null> {
  const { db, config } = deps;
  // The server zone's date: the days left are counted from the day the agents' calendars show.
  const day = localParts(now, config.TIME_ZONE).date;
  const written = await db.transaction(async (tx) => {
    if (claim && !(await jobs.claimDay(tx, JOB, day))) return null;
    const expiring = groupsOf(await repo.recordExpiries(tx, day));
    const low = await repo.recordBalances(tx);
    // Notices in agent order (a stable sort keeps each agent's in the order recorded).
    const rows = [...expiring.map(expiryNotice), ...low.map(balanceNotice)];
    await notices.recordAll(
      tx,
      rows.sort((a, b) => a.agentId - b.agentId),
    );
    return { expiring, low };
  });
  if (!written) return null;
  const { expiring, low } = written;
  remindersSent.inc({ kind: 'expiry' }, expiring.length);
  remindersSent.inc({ kind: 'balance' }, low.length);
  const run: ReminderRun = {
    day,
    expiryNotices: expiring.length,
    balanceNotices: low.length,
    terminals: expiring.reduce((n, g) => n + g.terminals, 0),
    pushes: { sent: 0, removed: 0, failed: 0 },
    sms: 0,
    smsFailed: 0,
  };
  // After the commit, at most once: a send cut short is not retried, the notices stay in the app.
  run.pushes = await pushAgents(deps, day, expiring, low);
  Object.assign(run, await textContacts(deps, expiring));
  if (claim) await jobs.finishDay(db, JOB, day);
  return run;
}

const expiryNotice = (g: Group) => ({
  agentId: g.agentId,
  type: NoticeType.expiryReminder,
  cardType: cardOf(g.card).code,
  orgName: g.company,
  users: g.users,
  quantity: g.terminals,
  days: g.days,
});

const balanceNotice = (b: repo.BalanceReminded) => ({
  agentId: b.agentId,
  type: NoticeType.lowBalance,
  cardType: b.cardType,
  quantity: b.threshold,
});

async function pushAgents(
  deps: ReminderDeps,
  day: string,
  expiring: Group[],
  low: repo.BalanceReminded[],
): Promise<ReminderRun['pushes']> {
  const total = { sent: 0, removed: 0, failed: 0 };
  const agentIds = [...new Set([...expiring.map((g) => g.agentId), ...low.map((b) => b.agentId)])];
  for (const agentId of agentIds) {
    const groups = expiring.filter((g) => g.agentId === agentId);
    const balances = low.filter((b) => b.agentId === agentId);
    const payload = (lang: Lang) =>
      agentPush(
        lang,
        [
          ...groups.map((g) => expiryLine(lang, g)),
          ...balances.map((b) =>
            balanceLine(lang, {
              card: CardTypes[b.cardType].key,
              balance: b.balance,
              threshold: b.threshold,
            }),
          ),
        ],
        groups.length > 0,
        `reminders:${day}`,
      );
    const r = await sendToAgent(deps.db, deps.config, agentId, payload, deps.pushNetwork);
    total.sent += r.sent;
    total.removed += r.removed;
    total.failed += r.failed;
  }
  return total;
}

/** One SMS per company with a phone that has not opted out, in its language when known (else English). */
async function textContacts(deps: ReminderDeps, expiring: Group[]) {
  const orgIds = [...new Set(expiring.map((g) => g.orgId))];
  const contacts = (await repo.contactsOf(deps.db, orgIds)).filter((c) => c.reminderSms && c.phone);
  const langs = await languagesOf(
    deps.db,
    Role.org,
    contacts.map((c) => c.id),
  );
  const result = { sms: 0, smsFailed: 0 };
  for (const c of contacts) {
    const groups = expiring.filter((g) => g.orgId === c.id);
    try {
      await deps.sms.send(c.phone, contactSms(langs.get(c.id) ?? 'en', groups));
      result.sms++;
    } catch {
      result.smsFailed++;
    }
  }
  return result;
}
