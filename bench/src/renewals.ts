import { api, Code } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { benchBig, benchTop } from './seed.ts';
import { type Api, pathOf, type Session } from './server.ts';

const parallel = 10;

/**
 * `parallel` renewals of one terminal's voice service at once, as a reseller's double clicks and a
 * colleague's would send them: each must add its year and consume its card, none may be lost.
 */
export async function concurrentRenewals(server: Api, top: Session, log: (line: string) => void) {
  const first = async <T>(text: string) =>
    ((await server.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0];
  const terminal = await first<{ id: number }>(
    `select t.id from terminals t join orgs o on o.id = t.org_id join agents a on a.id = o.agent_id
     where a.account = 'benchtop1' and o.account like 'benchorg%' and t.user_type = 0
       and t.voice_expires > current_date order by t.id limit 1`,
  );
  const state = () =>
    first<{ expires: string; balance: number; consumed: number }>(
      `select (select voice_expires::text from terminals where id = ${terminal.id}) as expires,
              (select balance from agent_cards c join agents a on a.id = c.agent_id
                where a.account = 'benchtop1' and c.card_type = 0) as balance,
              (select count(*)::int from card_ledger where kind = 'consume' and terminal_id = ${terminal.id}) as consumed`,
    );
  const before = await state();
  const url = `${server.url}${pathOf(api.terminal.addService, { ...top, ids: terminal.id, cardType: 0 })}`;
  const codes = await Promise.all(
    Array.from({ length: parallel }, async () => {
      const res = await fetch(url, { method: api.terminal.addService.method });
      return ((await res.json()) as { code: number }).code;
    }),
  );
  const after = await state();
  const expected = new Date(`${before.expires}T00:00:00Z`);
  expected.setUTCFullYear(expected.getUTCFullYear() + parallel);
  const years =
    new Date(`${after.expires}T00:00:00Z`).getUTCFullYear() -
    new Date(`${before.expires}T00:00:00Z`).getUTCFullYear();
  const cards = Number(before.balance) - Number(after.balance);
  const refused = codes.filter((c) => c !== Code.ok).length;
  const exact = refused === 0 && after.expires === expected.toISOString().slice(0, 10) && cards === parallel;
  const line = `${parallel} at once: expiry moved ${years} years, ${cards} cards consumed, ${refused} refused`;
  log(`  renewals ${line}`);
  return { parallel, exact, line };
}

/**
 * One bulk renewal of the voice service of `size` of the big company's terminals, signed in as its
 * top-level agent, timed from request to answer; exact when it answers 20001 and consumes one voice card
 * per terminal.
 */
export async function bulkRenewal(server: Api, top: Session, size: number, log: (line: string) => void) {
  const rows = async <T>(text: string) =>
    ((await server.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const ids = (
    await rows<{ id: number }>(
      `select t.id from terminals t join orgs o on o.id = t.org_id
       where o.account = '${benchBig}' order by t.id limit ${size}`,
    )
  ).map((r) => Number(r.id));
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
    body: JSON.stringify({ ids, functions: ['voice'], confirm: ids.length }),
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
