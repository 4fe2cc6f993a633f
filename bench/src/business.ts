import { api, Code } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { burst } from './load.ts';
import type { Api } from './server.ts';

type Session = { access_token: string; openid: string };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Batch creation of 100 terminals and card sales per second, with the balances checked to the card. */
export async function business(server: Api, session: Session, log: (line: string) => void) {
  const auth = new URLSearchParams(session).toString();
  const first = async <T>(text: string) =>
    ((await server.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0];
  const org = await first<{ id: number }>(
    `select o.id from orgs o join agents a on a.id = o.agent_id where a.account = 'benchtop1' order by o.id limit 1`,
  );
  // The timed batches' terminals go again before and after, so the fleet keeps its seeded size and
  // the next run reuses it instead of seeding it anew.
  const dropBatches = () => server.db.execute(sql.raw(`delete from terminals where ssid like '880%'`));
  await dropBatches();
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const ssids = Array.from({ length: 100 }, (_, i) => String(880_000_000_000_000 + run * 1000 + i));
    const started = performance.now();
    const res = await fetch(
      `${server.url}${api.terminal.batch.path}?${auth}&orgId=${org.id}&userType=0&prefix=Bench&mode=scan`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ssids }) },
    );
    const body = (await res.json()) as { code: number; msg: { en: string } };
    times.push(performance.now() - started);
    if (body.code !== Code.ok) throw new Error(`batch: ${body.msg.en}`);
  }
  log(`  batch of 100: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  await dropBatches();

  const sub = await first<{ id: number }>(
    `select s.id from agents s join agents p on p.id = s.parent_id where p.account = 'benchtop1' order by s.id limit 1`,
  );
  const balances = () =>
    first<{ top: number; sub: number; rows: number; notices: number }>(
      `select (select balance from agent_cards c join agents a on a.id = c.agent_id
                where a.account = 'benchtop1' and c.card_type = 0) as top,
              (select balance from agent_cards where agent_id = ${sub.id} and card_type = 0) as sub,
              (select count(*)::int from card_ledger) as rows,
              (select count(*)::int from notices where agent_id = ${sub.id}) as notices`,
    );
  const before = await balances();
  // Kept-alive connections of node:http: a light client, so that the server's work is what is measured.
  // A first round warms the sale's code up; the second is timed. Both count in the exact balances.
  const url = `${server.url}${api.agent.blanceAdd.path}?${auth}&agentId=${sub.id}&cardType=0&quantity=1`;
  const warmUpSales = 200;
  const sales = 1000;
  const warmUp = await burst(url, 'POST', warmUpSales, 20);
  const run = await burst(url, 'POST', sales, 20);
  const salesPerSecond = sales / run.seconds;
  const after = await balances();
  const moved = warmUpSales + sales;
  const exact =
    warmUp.refused + run.refused === 0 &&
    Number(before.top) - Number(after.top) === moved &&
    Number(after.sub) - Number(before.sub) === moved &&
    Number(after.rows) - Number(before.rows) === moved &&
    Number(after.notices) - Number(before.notices) === moved;
  log(
    `  ${sales} sales: ${salesPerSecond.toFixed(0)}/s, balances, ledger and notices ${exact ? 'exact' : 'WRONG'}`,
  );
  return { batchMs: median(times), sales, salesPerSecond, exact };
}
