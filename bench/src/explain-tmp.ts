import pg from 'pg';
import { api } from '@ptt/contract';
import { startApi, pathOf } from './server.ts';
import { sampleFleet } from './sample.ts';
const DB = process.env.DB ?? 'ptt_bench_1m';
const orig = pg.Client.prototype.query;
const log: { text: string; values: unknown[] }[] = []; let on = false;
(pg.Client.prototype as any).query = function (this: any, ...a: any[]) {
  if (on && typeof a[0] === 'object' && a[0]?.text) log.push({ text: a[0].text, values: a[0].values ?? a[1] ?? [] });
  else if (on && typeof a[0] === 'string') log.push({ text: a[0], values: a[1] ?? [] });
  return orig.apply(this, a as any);
};
const s = await startApi(`postgres://postgres@127.0.0.1:5432/${DB}`);
const sample = await sampleFleet(s);
const which = process.argv[2];
const kws = sample.keywords;
const calls: Record<string, () => string> = {
  agentSearch: () => pathOf(api.search.global, { ...sample.top, keyword: kws[process.argv[3] ? Number(process.argv[3]) : 0], searchType: 'global' }),
  companyKw: () => pathOf(api.terminal.list, { ...sample.big, keyword: kws[process.argv[3] ? Number(process.argv[3]) : 0], page: 1, size: 20 }),
};
const path = calls[which]();
on = true;
const t0 = performance.now();
const r = await fetch(s.url + path, { method: 'GET' });
const body = await r.text();
on = false;
console.log(path, (performance.now() - t0).toFixed(1), 'ms', body.length);
const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${DB}` }); await c.connect();
for (const q of [...log.slice(1), ...log.slice(1)]) {
  const res = await c.query(`explain (analyze, buffers off, costs off) ${q.text}`, q.values as any[]);
  console.log('\n', q.text.replace(/\s+/g, ' ').slice(0, 400), JSON.stringify(q.values).slice(0, 200));
  console.log(res.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
}
await c.end(); await s.close();
