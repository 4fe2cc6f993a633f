import type { Endpoint } from '@ptt/contract';
import { sql } from 'drizzle-orm';
import { benchBig, benchPassword, benchTop } from './seed.ts';
import type { Api, Params, Session } from './server.ts';

const rows = async <T>(server: Api, text: string) =>
  ((await server.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const ids = async (server: Api, text: string) =>
  (await rows<{ id: number }>(server, text)).map((r) => Number(r.id));

export const random = (n: number) => Math.floor(Math.random() * n);
export const any = <T>(list: T[]) => list[random(list.length)];
/** A page from 1 to `pages`. */
export const pageOf = (pages: number) => 1 + random(Math.max(1, pages));

/**
 * What the loads pick from at random: the two accounts signed in, ids in their scopes, the pages each
 * list has, and keywords a reseller types (an SSID's first 11 to 14 digits or a few from its middle, a name's
 * word or its word and first digits).
 */
export async function sampleFleet(server: Api) {
  const top = await server.login(0, benchTop, benchPassword);
  const big = await server.login(1, benchBig, benchPassword);
  const [topRow] = await rows<{ id: number; path: string }>(
    server,
    `select id, path from agents where account = '${benchTop}'`,
  );
  const [bigRow] = await rows<{ id: number }>(server, `select id from orgs where account = '${benchBig}'`);
  const bigId = Number(bigRow.id);
  const count = Number((await rows<{ n: number }>(server, 'select count(*)::int as n from terminals'))[0].n);
  const share = Math.min(100, (300_000 / count) * 100).toFixed(4);
  const topTerminals = await rows<{ id: number; ssid: string; name: string }>(
    server,
    `select id, ssid, name from terminals tablesample bernoulli (${share})
     where agent_path like '${topRow.path}%' limit 3000`,
  );
  const keywords = topTerminals.slice(0, 400).map((t, i) => {
    const word = t.name.replace(/\d+$/, '');
    const digits = t.name.slice(word.length);
    return [
      t.ssid.slice(0, 11 + (Math.floor(i / 4) % 4)),
      t.ssid.slice(7, 12),
      word,
      `${word}${digits.slice(0, 3)}`,
    ][i % 4];
  });
  const sample = {
    top,
    big,
    topId: Number(topRow.id),
    bigId,
    keywords,
    topTerminals: topTerminals.map((t) => Number(t.id)),
    bigTerminals: await ids(
      server,
      `select id from terminals where org_id = ${bigId} order by random() limit 3000`,
    ),
    trackedTerminals: await ids(
      server,
      `select distinct terminal_id as id from positions where org_id = ${bigId}`,
    ),
    subs: await ids(server, `select id from agents where parent_id = ${topRow.id} order by id`),
    topOrgs: await ids(
      server,
      `select id from orgs where agent_path like '${topRow.path}%' order by random() limit 500`,
    ),
    /** The top-level agent's notices that name users (its batches and deletions). */
    userNotices: await ids(
      server,
      `select id from notices where agent_id = ${topRow.id} and users is not null order by random() limit 500`,
    ),
    /** The top-level agent's movements that used cards and name their users (batches, renewals). */
    useRows: await ids(
      server,
      `select l.id from card_ledger l where l.from_agent_id = ${topRow.id} and l.kind = 'consume'
         and exists (select from card_ledger_users u where u.ledger_id = l.id) order by random() limit 500`,
    ),
    bigGroups: await ids(server, `select id from groups where org_id = ${bigId}`),
    bigFences: await ids(server, `select id from fences where org_id = ${bigId}`),
    bigSos: await ids(
      server,
      `select id from sos_records where org_id = ${bigId} order by random() limit 1000`,
    ),
    /** Pages of twenty a list has (at least one), read from its first page's total. */
    pages: async (endpoint: Endpoint, session: Session, params: Params = {}) => {
      const res = await server.get(endpoint, { ...session, ...params, page: 1, size: 20 });
      const total = (res.data as { total?: number } | null)?.total ?? 0;
      return Math.max(1, Math.ceil(total / 20));
    },
  };
  return sample;
}
export type Sample = Awaited<ReturnType<typeof sampleFleet>>;

/** Today and ninety days back, YYYY-MM-DD, for date-filtered pages. */
export const lastDays = (days: number) => ({
  start: new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10),
  end: new Date().toISOString().slice(0, 10),
});
