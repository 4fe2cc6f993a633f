import { DAY_MS, type FunctionKey, UserType } from '@ptt/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  agentCards,
  cardLedger,
  terminalPositionsLast,
  terminalPresence,
  terminals,
} from '../src/db/schema.ts';
import { expiryColumn } from '../src/lib/expiries.ts';
import * as agents from '../src/modules/agent/service.ts';
import * as orgs from '../src/modules/org/service.ts';
import * as fleet from '../src/modules/terminal/service.ts';
import type { TestApp } from './harness.ts';

/** A day `n` days from today (UTC), YYYY-MM-DD. */
export const day = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

/** A year later, as a renewal adds it. */
export const yearsAfter = (from: string, years = 1) => {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};

/** Sets functions' expiries of a terminal; every other function of it expires far from the radar. */
export async function setExpiries(t: TestApp, id: number, due: Partial<Record<FunctionKey, string | null>>) {
  const set = Object.fromEntries(Object.entries(due).map(([fn, d]) => [expiryColumn[fn as FunctionKey], d]));
  await t.database.db.update(terminals).set(set).where(eq(terminals.id, id));
}

export async function expiriesOf(t: TestApp, ids: number[]) {
  const rows = await t.database.db.select().from(terminals).where(inArray(terminals.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A terminal's last device call and newest position, some time ago (null: none). */
export async function heardFrom(
  t: TestApp,
  id: number,
  seenDaysAgo: number | null,
  positionDaysAgo: number | null,
) {
  const [row] = await t.database.db.select().from(terminals).where(eq(terminals.id, id));
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
  if (seenDaysAgo !== null)
    await t.database.db.insert(terminalPresence).values({
      terminalId: id,
      orgId: row.orgId,
      agentPath: row.agentPath,
      lastSeenAt: ago(seenDaysAgo),
      online: false,
    });
  if (positionDaysAgo !== null)
    await t.database.db
      .insert(terminalPositionsLast)
      .values({ terminalId: id, orgId: row.orgId, lat: 22.3, lng: 114.1, at: ago(positionDaysAgo) });
}

export async function balance(t: TestApp, account: string, cardType: number) {
  const agent = await agents.findByAccount(t.database.db, account);
  const [row] = await t.database.db
    .select({ balance: agentCards.balance })
    .from(agentCards)
    .where(and(eq(agentCards.agentId, agent?.id ?? 0), eq(agentCards.cardType, cardType)));
  return row.balance;
}

export async function setBalance(t: TestApp, account: string, cardType: number, value: number) {
  const agent = await agents.findByAccount(t.database.db, account);
  await t.database.db
    .update(agentCards)
    .set({ balance: value })
    .where(and(eq(agentCards.agentId, agent?.id ?? 0), eq(agentCards.cardType, cardType)));
}

/** The consume rows of the ledger: per card type and company, the cards taken. */
export async function consumed(t: TestApp) {
  return t.database.db
    .select({
      cardType: cardLedger.cardType,
      orgId: cardLedger.orgId,
      agentId: cardLedger.fromAgentId,
      quantity: cardLedger.quantity,
      fromBalance: cardLedger.fromBalance,
      operatorRole: cardLedger.operatorRole,
      operatorId: cardLedger.operatorId,
    })
    .from(cardLedger)
    .where(eq(cardLedger.kind, 'consume'))
    .orderBy(asc(cardLedger.id));
}

/** A company's terminals, oldest first. */
async function terminalIdsOf(t: TestApp, orgId: number) {
  const rows = await t.database.db
    .select({ id: terminals.id })
    .from(terminals)
    .where(eq(terminals.orgId, orgId))
    .orderBy(asc(terminals.id));
  return rows.map((r) => r.id);
}

/** The demo company's terminals (agent01's), in id order. */
export async function demoTerminals(t: TestApp) {
  const org = await orgs.findByAccount(t.database.db, 'company01');
  if (!org) throw new Error('no demo company');
  return { org, ids: await terminalIdsOf(t, org.id) };
}

let nextSsid = 862000000000000;

/** A company of an agent with `n` terminals of a user type, paid with the agent's cards as a batch is. */
export async function companyWith(
  t: TestApp,
  agentAccount: string,
  account: string,
  n: number,
  userType: number = UserType.single,
) {
  const agent = await agents.findByAccount(t.database.db, agentAccount);
  if (!agent) throw new Error(`no agent ${agentAccount}`);
  const org =
    (await orgs.findByAccount(t.database.db, account)) ??
    (await orgs.createOrg(t.database.db, agent.id, {
      name: `Co_${account}`,
      account,
      password: 'company123',
    }));
  const { created } = await fleet.createTerminals(t.database.db, {
    agent,
    org,
    userType,
    prefix: 'Unit',
    ssids: Array.from({ length: n }, () => String(nextSsid++)),
    by: null,
  });
  return { org, ids: created.map((c) => c.id) };
}

/**
 * A company with `n` terminals written in one statement (no cards, no intercom password): a fleet large
 * enough for the 1 000-terminal limit.
 */
export async function largeCompany(
  t: TestApp,
  agentAccount: string,
  account: string,
  n: number,
  voice: string,
) {
  const agent = await agents.findByAccount(t.database.db, agentAccount);
  if (!agent) throw new Error(`no agent ${agentAccount}`);
  const org = await orgs.createOrg(t.database.db, agent.id, {
    name: `Co_${account}`,
    account,
    password: 'company123',
  });
  const first = nextSsid;
  nextSsid += n;
  await t.database.db.execute(sql`
    insert into ${terminals} (ssid, name, org_id, agent_path, intercom_pwd_hash, voice_expires)
    select (${first}::bigint + g)::text, 'Bulk' || g, ${org.id}, ${org.agentPath}, 'x', ${voice}::date
    from generate_series(0, ${n - 1}) g`);
  return { org, ids: await terminalIdsOf(t, org.id) };
}

/**
 * What the radar and renewal tests start from: the demo company's six terminals (agent01's), `subCount`
 * terminals of a company of the sub-agent, a VIP terminal of the demo company, and each role signed in.
 */
export async function renewalTenants(t: TestApp, subCount: number) {
  const demo = await demoTerminals(t);
  const subCo = await companyWith(t, 'subagent01', 'subco01', subCount);
  const vipId = (await companyWith(t, 'agent01', 'company01', 1, UserType.vip)).ids[0];
  const subAgent = await agents.findByAccount(t.database.db, 'subagent01');
  return {
    subId: subAgent?.id ?? 0,
    T: demo.ids,
    companyId: demo.org.id,
    S: subCo.ids,
    subOrgId: subCo.org.id,
    vipId,
    top: await t.login(0, 'agent01', 'agent123'),
    sub: await t.login(0, 'subagent01', 'agent123'),
    company: await t.login(1, 'company01', 'company123'),
  };
}
