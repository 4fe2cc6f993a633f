import { api, Code, type Endpoint } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import type { Api, Params, Session } from './server.ts';

/**
 * The fleet's deals made the way a reseller makes them, through the API signed in as the top-level
 * agent: sales and recycling of cards to its sub-agents, terminals created in batches for its own
 * companies and a few deleted again. The notices and ledger rows the screens page through are the
 * rows these calls write.
 */
export const Deals = {
  sales: 1200,
  recycles: 200,
  batches: 300,
  batchSize: 10,
  deletions: 20,
  deletionSize: 5,
};
/** Terminals the deals add to the fleet. */
export const dealTerminals = Deals.batches * Deals.batchSize - Deals.deletions * Deals.deletionSize;
/** SSIDs of terminals created through the API: 871 000 000 000 000 + n. */
const apiSsidBase = 871_000_000_000_000;

const rows = async <T>(server: Api, text: string) =>
  ((await server.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** Runs `tasks` ten at a time, as a few people at their screens would. */
async function inTurns<T>(tasks: (() => Promise<T>)[], width = 10) {
  let next = 0;
  const results: T[] = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

export async function seedDeals(server: Api, top: Session, log: (line: string) => void) {
  const started = Date.now();
  const subs = await rows<{ id: number }>(
    server,
    `select s.id from agents s join agents p on p.id = s.parent_id where p.account = 'benchtop1' order by s.id`,
  );
  const orgs = await rows<{ id: number }>(
    server,
    `select o.id from orgs o join agents a on a.id = o.agent_id
     where a.account = 'benchtop1' and o.account like 'benchorg%' order by o.id`,
  );
  const call = async (endpoint: Endpoint, params: Params, body?: unknown) => {
    const res = await server.get(endpoint, { ...top, ...params }, body);
    if (res.code !== Code.ok) throw new Error(`${endpoint.path}: ${res.code} ${res.msg.en}`);
    return res.data as unknown;
  };
  const pick = <T>(list: T[], i: number) => list[(i * 7919) % list.length];
  await inTurns(
    Array.from(
      { length: Deals.sales },
      (_, i) => () =>
        call(api.agent.blanceAdd, { agentId: pick(subs, i).id, cardType: i % 8, quantity: 1 + (i % 20) }),
    ),
  );
  await inTurns(
    Array.from(
      { length: Deals.recycles },
      (_, i) => () =>
        call(api.agent.cardRecovery, { agentId: pick(subs, i).id, cardType: i % 8, quantity: 1 + (i % 3) }),
    ),
  );
  const created = await inTurns(
    Array.from({ length: Deals.batches }, (_, b) => () => {
      const ssids = Array.from({ length: Deals.batchSize }, (_, i) =>
        String(apiSsidBase + b * Deals.batchSize + i),
      );
      const params = {
        orgId: pick(orgs, b).id,
        userType: b % 10 === 0 ? 1 : 0,
        prefix: 'Courier',
        mode: 'scan',
      };
      return call(api.terminal.batch, params, { ssids });
    }),
    4,
  );
  const ids = (
    await rows<{ id: number }>(server, `select id from terminals where ssid like '871%' order by id`)
  ).map((r) => r.id);
  await inTurns(
    Array.from(
      { length: Deals.deletions },
      (_, d) => () =>
        call(api.terminal.cardBack, {
          ids: ids.slice(d * 50, d * 50 + Deals.deletionSize).join(','),
        }),
    ),
    2,
  );
  log(
    `  ${Deals.sales} sales, ${Deals.recycles} recycles, ${created.length} batches of ${Deals.batchSize} terminals and ` +
      `${Deals.deletions} deletions through the API in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
