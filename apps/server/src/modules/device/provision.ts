import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserType } from '@ptt/contract';
import type { Db } from '../../db/client.ts';
import { randomDigits } from '../../lib/crypto.ts';
import * as agents from '../agent/service.ts';
import * as orgs from '../org/service.ts';
import * as terminals from '../terminal/service.ts';

export interface DeviceCredentials {
  company: string;
  terminals: { ssid: string; name: string; password: string }[];
}

const simulatedSsid = () => `99${Array.from({ length: 13 }, () => randomInt(10)).join('')}`;

/**
 * Operator only: gives a company's first `count` terminals (all when absent) new random intercom passwords
 * and returns them, for the simulator or for configuring real radios. With `create`, terminals are first
 * added up to `count` the way an agent's batch would (one voice card each from the company's agent).
 * Every device session of those terminals ends, as with any new intercom password.
 */
const CREATE_PART = 500;

export async function resetCredentials(
  db: Db,
  orgAccount: string,
  opts: { count?: number; create?: boolean; vip?: boolean },
): Promise<DeviceCredentials> {
  const org = await orgs.findByAccount(db, orgAccount);
  if (!org) throw new Error(`no company with account ${orgAccount}`);
  const limit = opts.count ?? 10_000;
  let list = await terminals.firstOfOrg(db, org.id, limit);
  if (opts.create && opts.count !== undefined && list.length < opts.count) {
    const agent = await agents.findById(db, org.agentId);
    if (!agent) throw new Error(`the agent of ${orgAccount} is gone`);
    // In parts: thousands of terminals in one call overflowed the stack.
    for (let missing = opts.count - list.length; missing > 0; missing -= CREATE_PART) {
      await terminals.createTerminals(db, {
        agent,
        org,
        userType: opts.vip ? UserType.vip : UserType.single,
        prefix: 'Sim',
        ssids: Array.from({ length: Math.min(missing, CREATE_PART) }, simulatedSsid),
        by: null,
      });
    }
    list = await terminals.firstOfOrg(db, org.id, limit);
  }
  const out: DeviceCredentials['terminals'] = [];
  for (const t of list) {
    const password = randomDigits(6);
    await terminals.setIntercomPassword(db, t.id, password);
    out.push({ ssid: t.ssid, name: t.name, password });
  }
  return { company: org.account, terminals: out };
}

/** Where the simulator looks for a company's credentials by default: DATA_DIR/simulator/<account>.json. */
export const credentialsPath = (dataDir: string, company: string) =>
  join(dataDir, 'simulator', `${company}.json`);

/** Writes credentials readable by the operator only: they are intercom passwords in the clear. */
export function writeCredentials(path: string, credentials: DeviceCredentials) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}
