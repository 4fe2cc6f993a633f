import { api, Code } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { benchBig, benchTop } from './seed.ts';
import { type Api, pathOf, type Session } from './server.ts';

const parallel = 10;

/** The renewed functions of the concurrent renewals, half each: no one function may pass 2034 (SPEC). */
const alternating = [
  { cardType: 0, column: 'voice_expires' },
  { cardType: 2, column: 'location_expires' },
] as const;

/**
 * `parallel` renewals of one terminal at once, as a reseller's double clicks and a colleague's would send
 * them, half of them its voice and half its location: each must add its year and consume its card, none
 * may be lost. Both functions start ten days from lapsing, so that five years on each stay short of 2035,
 * which reads as permanent.
 */
export async function concurrentRenewals(server: Api, top: Session, log: (line: string) => void) {
  const first = async <T>(text: string) =>
    ((await server.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0];
  const terminal = await first<{ id: number }>(
    `select t.id from terminals t join orgs o on o.id = t.org_id join agents a on a.id = o.agent_id
     where a.account = 'benchtop1' and o.account like 'benchorg%' and t.user_type = 0
     order by t.id limit 1`,
  );
  await first(
    `update terminals set voice_expires = current_date + 10, location_expires = current_date + 10
     where id = ${terminal.id}`,
  );
  const state = () =>
    first<{ voice: string; location: string; balance: number }>(
      `select voice_expires::text as voice, location_expires::text as location,
              (select sum(balance)::int from agent_cards c join agents a on a.id = c.agent_id
                where a.account = 'benchtop1' and c.card_type in (0, 2)) as balance
       from terminals where id = ${terminal.id}`,
    );
  const before = await state();
  const codes = await Promise.all(
    Array.from({ length: parallel }, async (_, i) => {
      const { cardType } = alternating[i % alternating.length];
      const url = `${server.url}${pathOf(api.terminal.addService, { ...top, ids: terminal.id, cardType })}`;
      const res = await fetch(url, { method: api.terminal.addService.method });
      return ((await res.json()) as { code: number }).code;
    }),
  );
  const after = await state();
  const yearsOf = (from: string, to: string) =>
    new Date(`${to}T00:00:00Z`).getUTCFullYear() - new Date(`${from}T00:00:00Z`).getUTCFullYear();
  const years = yearsOf(before.voice, after.voice) + yearsOf(before.location, after.location);
  const each = parallel / alternating.length;
  const sameDay = (from: string, to: string) => from.slice(4) === to.slice(4);
  const cards = Number(before.balance) - Number(after.balance);
  const refused = codes.filter((c) => c !== Code.ok).length;
  const exact =
    refused === 0 &&
    yearsOf(before.voice, after.voice) === each &&
    yearsOf(before.location, after.location) === each &&
    sameDay(before.voice, after.voice) &&
    sameDay(before.location, after.location) &&
    cards === parallel;
  const line = `${parallel} at once (voice and location): expiries moved ${years} years, ${cards} cards consumed, ${refused} refused`;
  log(`  renewals ${line}`);
  return { parallel, exact, line };
}

/**
 * One bulk renewal of the voice service of `size` of the big company's terminals, signed in as its
 * top-level agent, timed from request to answer. The terminals' voice is first set ten days from lapsing,
 * as a bulk renewal renews only what falls due in its window (30 days here); exact when it answers 20001
 * and consumes one voice card per terminal.
 */
export async function bulkRenewal(server: Api, top: Session, size: number, log: (line: string) => void) {
  const rows = async <T>(text: string) =>
    ((await server.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const ids = (
    await rows<{ id: number }>(
      `select t.id from terminals t join orgs o on o.id = t.org_id
       where o.account = '${benchBig}' and t.user_type = 0 order by t.id limit ${size}`,
    )
  ).map((r) => Number(r.id));
  await rows(`update terminals set voice_expires = current_date + 10 where id in (${ids.join(',')})`);
  const balance = async () =>
    Number(
      (
        await rows<{ balance: number }>(
          `select balance from agent_cards c join agents a on a.id = c.agent_id
           where a.account = '${benchTop}' and c.card_type = 0`,
        )
      )[0].balance,
    );
  const { renewBatch } = api.terminal;
  const before = await balance();
  const started = performance.now();
  const res = await fetch(`${server.url}${pathOf(renewBatch, top)}`, {
    method: renewBatch.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ids, functions: ['voice'], within: '30', confirm: ids.length }),
  });
  const body = (await res.json()) as { code: number; msg: { en: string } };
  const ms = performance.now() - started;
  const cards = before - (await balance());
  const exact = body.code === Code.ok && cards === ids.length;
  const line =
    body.code === Code.ok
      ? `${ids.length} terminals, ${cards} voice cards consumed`
      : `refused: ${body.code} ${body.msg.en}`;
  log(`  bulk renewal: ${ms.toFixed(0)} ms, ${line}`);
  return { ms, exact, line };
}
