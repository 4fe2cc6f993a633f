import { CardTypes, FenceTrigger, UserType } from '@ptt/contract';
import type { Db, Tx } from '../db/client.ts';
import { plainChange } from '../http/route.ts';
import { daysFromToday } from '../lib/zoned-time.ts';
import * as agents from '../modules/agent/service.ts';
import { setBranding } from '../modules/branding/service.ts';
import * as cards from '../modules/card/service.ts';
import { credentialsPath, writeCredentials } from '../modules/device/provision.ts';
import * as fences from '../modules/fence/manage.ts';
import * as fenceMembers from '../modules/fence/members.ts';
import * as groups from '../modules/group/service.ts';
import * as notices from '../modules/notice/service.ts';
import { setToggles } from '../modules/org/manage.ts';
import * as orgs from '../modules/org/service.ts';
import { addService, setExpiries } from '../modules/renewal/service.ts';
import * as sos from '../modules/sos/service.ts';
import * as terminals from '../modules/terminal/service.ts';

/** The demo accounts a fresh database gets (README lists them). */
export const DemoAccounts = [
  { role: 'agent (top level)', account: 'agent01', password: 'agent123' },
  { role: 'sub-agent', account: 'subagent01', password: 'agent123' },
  { role: 'company', account: 'company01', password: 'company123' },
  { role: 'company (services falling due)', account: 'cabs01', password: 'company123' },
] as const;

const all = Object.fromEntries(CardTypes.map((c) => [c.code, true]));

/**
 * Seeds the demo through the same services the operator CLI uses, in one transaction: a start that
 * fails half-way leaves nothing, and the next start seeds again. A database with any agent at all is
 * left alone — a restored production copy whose demo accounts were renamed gets none back.
 * With `dataDir`, the demo terminals' intercom passwords are written (after the commit) where the
 * simulator looks for them. With `dueSoon`, a second company of the agent whose services fall due in
 * the coming weeks fills the expiry radar (the tests' fixed figures leave it out).
 */
export async function seedDemo(db: Db, opts: { dataDir?: string; dueSoon?: boolean } = {}): Promise<boolean> {
  const credentials = await db.transaction(async (tx) => {
    if (await agents.anyAgent(tx)) return undefined;
    return seedInto(tx, opts.dueSoon ?? false);
  });
  if (!credentials) return false;
  if (opts.dataDir) writeCredentials(credentialsPath(opts.dataDir, credentials.company), credentials);
  return true;
}

/** The demo's rows, written with the seed's transaction; answers the demo radios' intercom passwords. */
async function seedInto(db: Tx, dueSoon: boolean) {
  await setBranding(db, { title: 'PTT Console' });

  const top = await agents.createTopLevelAgent(db, {
    name: 'Demo_Agent',
    contact: 'Alice Chan',
    account: 'agent01',
    password: 'agent123',
    phone: '85291234567',
  });
  const sub = await agents.createSubAgent(db, top.id, {
    name: 'Demo_Subagent',
    contact: 'Bob Lee',
    account: 'subagent01',
    password: 'agent123',
  });
  await cards.setSwitch(db, top.id, all);
  for (const c of CardTypes) await cards.grant(db, top.id, c.code, 1000);
  // The sub-agent does not see video (5) or VIP (7) cards.
  await cards.setSwitch(db, sub.id, { ...all, 5: false, 7: false });
  for (const [type, quantity] of [
    [0, 50],
    [1, 20],
    [2, 20],
    [3, 10],
  ]) {
    await cards.sell(plainChange(db), { by: null, from: top, to: sub, cardType: type, quantity });
  }

  const org = await orgs.createOrg(db, top.id, {
    name: 'Demo_Company',
    contact: 'Carol Wong',
    account: 'company01',
    password: 'company123',
  });
  await orgs.setServer(db, org.id, 'enclosure', '10.0.0.12', 8090);
  const { created } = await terminals.createTerminals(db, {
    agent: top,
    org,
    userType: UserType.single,
    prefix: 'Radio',
    ssids: Array.from({ length: 6 }, (_, i) => `86123456789${String(i + 1).padStart(4, '0')}`),
    by: null,
  });
  // The demo fleet is tracked: the company's GPS service is on, and the agent activates Location and
  // Fence for its radios with its own cards, as an agent would.
  const agent = { role: 0, id: top.id, openid: top.openid, path: top.path, sessionId: 0 } as const;
  await setToggles(plainChange(db), agent, { id: org.id, gps: 1 });
  for (const cardType of [2, 4])
    await addService(plainChange(db), agent, { ids: created.map((t) => t.id), cardType });
  // SOS and Recording for the first four: the last two show a terminal that raises no SOS and keeps no talk.
  for (const cardType of [1, 3]) {
    await addService(plainChange(db), agent, { ids: created.slice(0, 4).map((t) => t.id), cardType });
  }
  await groups.createGroup(db, {
    org,
    name: 'Dispatch',
    members: created.map((t, i) => ({ terminalId: t.id, priority: i === 0 ? 1 : 3 })),
  });
  await groups.createGroup(db, {
    org,
    name: 'Patrol',
    members: created.slice(3).map((t) => ({ terminalId: t.id, priority: 3 })),
  });
  // A fence around the simulator's default centre, so a first simulated run raises fence records.
  const fence = await fences.createFence(
    plainChange(db),
    org,
    {
      name: 'Harbour',
      shape: 'circle',
      center: { lat: 22.3193, lng: 114.1694 },
      radius: 250,
      trigger: FenceTrigger.enter,
    },
    'Asia/Hong_Kong',
  );
  await fenceMembers.addMembersOf(
    db,
    fence.id,
    created.map((t) => t.id),
  );
  await sos.raise(db, {
    orgId: org.id,
    agentPath: org.agentPath,
    terminalId: created[2].id,
    lat: 22.3193,
    lng: 114.1694,
  });
  if (dueSoon) await seedDueSoon(db, top);
  await notices.publishBulletin(
    db,
    'Welcome to PTT Console',
    'Manage your sub-agents, companies, groups and terminals from your phone. Service cards sold here ' +
      'take effect at once.',
  );
  const radios = created.map((t) => ({ ssid: t.ssid, name: t.name, password: t.intercomPassword }));
  return { company: org.account, terminals: radios };
}

const inDays = daysFromToday;

/**
 * Kowloon_Cabs: twelve radios of the top-level agent whose voice service falls due within a month (one
 * lapsed last week, one due in two months) and half of whose Location falls due too.
 */
async function seedDueSoon(db: Tx, top: { id: number; name: string; openid: string; path: string }) {
  const org = await orgs.createOrg(db, top.id, {
    name: 'Kowloon_Cabs',
    contact: 'Dave Ho',
    account: 'cabs01',
    password: 'company123',
  });
  const { created: cabs } = await terminals.createTerminals(db, {
    agent: top,
    org,
    userType: UserType.single,
    prefix: 'Cab',
    ssids: Array.from({ length: 12 }, (_, i) => `86123456790${String(i + 1).padStart(4, '0')}`),
    by: null,
  });
  const agent = { role: 0, id: top.id, openid: top.openid, path: top.path, sessionId: 0 } as const;
  await addService(plainChange(db), agent, { ids: cabs.map((t) => t.id), cardType: 2 });
  const voice = [2, 4, 6, 9, 12, 15, 18, 22, 26, 29, -5, 60];
  const location = [3, 8, 13, 19, 24, 28];
  await setExpiries(
    db,
    cabs.map((t, i) => ({
      id: t.id,
      set: { voice: inDays(voice[i]), ...(i < location.length ? { location: inDays(location[i]) } : {}) },
    })),
  );
}
