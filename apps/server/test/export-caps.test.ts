import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { api, Code, type Endpoint, Messages } from '@ptt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvLines, fetchExport } from './export-support.ts';
import { backends, type Session, useTestApp } from './harness.ts';
import { largeCompany } from './renewal-support.ts';

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe.each(backends)('export caps on %s', (backend) => {
  /** The cap of this app: a file of the bulk company is cut there. */
  const maxRows = 1_500;
  const { t, top, company } = useTestApp(backend, {
    env: { EXPORT_MAX_ROWS: String(maxRows), EXPORTS_AT_ONCE: '3' },
    sessions: ['top', 'company'],
    timeout: 120_000,
  });
  /** The bulk company itself: its own export is long enough to stay open. */
  let bulk: Session;
  let bulkOrgId: number;

  /** An export whose file the client does not read yet: it stays open, holding its places. */
  const openExport = async (e: Endpoint, params: Record<string, unknown>, session: Session) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${e.path}?${query({ ...params, ...session })}`,
      payloadAsStream: true,
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return res.stream() as Readable;
  };
  /** Reads a held export to its end, which gives its places back. */
  const finish = async (stream: Readable) => {
    stream.resume();
    await once(stream, 'end');
  };

  beforeAll(async () => {
    bulkOrgId = (await largeCompany(t, 'agent01', 'capexport', 2_000, '2030-01-31')).org.id;
    bulk = await t.login(1, 'capexport', 'company123');
  }, 120_000);

  it("refuses an account's third export while two are being written, and takes it once one ends", async () => {
    const first = await openExport(api.terminal.export, { orgId: bulkOrgId }, top);
    const second = await openExport(api.terminal.export, { orgId: bulkOrgId }, top);
    const third = await fetchExport(t, api.terminal.export, { orgId: bulkOrgId, lang: 'cn2' }, top);
    expect(third.json()).toMatchObject({ code: Code.tooMany, msg: Messages.exportsRunning });
    // Another account is not held back by this one's exports.
    const other = await fetchExport(t, api.terminal.export, {}, company);
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-type']).toBe('text/csv; charset=utf-8');
    await finish(first);
    const again = await fetchExport(t, api.terminal.export, { orgId: bulkOrgId }, top);
    expect(again.headers['content-type']).toBe('text/csv; charset=utf-8');
    await finish(second);
  });

  it("refuses any account's export past the instance's cap, and takes it once the others end", async () => {
    const held = [
      await openExport(api.terminal.export, { orgId: bulkOrgId }, top),
      await openExport(api.terminal.export, { orgId: bulkOrgId }, top),
      await openExport(api.terminal.export, {}, bulk),
    ];
    const refused = await fetchExport(t, api.group.export, {}, company);
    expect(refused.json()).toMatchObject({ code: Code.tooMany, msg: Messages.exportsBusy });
    for (const stream of held) await finish(stream);
    const third = await openExport(api.terminal.export, { orgId: bulkOrgId }, top);
    const fourth = await openExport(api.terminal.export, { orgId: bulkOrgId }, top);
    const fifth = await fetchExport(t, api.group.export, {}, company);
    expect(fifth.statusCode).toBe(200);
    expect(fifth.headers['content-type']).toBe('text/csv; charset=utf-8');
    await finish(third);
    await finish(fourth);
  });

  it('cuts a file past the row cap with a line in its language that says so, and writes a smaller one whole', async () => {
    const [, ...rows] = await csvLines(t, api.terminal.export, { orgId: bulkOrgId, lang: 'cn' }, top);
    expect(rows).toHaveLength(maxRows + 1);
    expect(new Set(rows.slice(0, maxRows).map((r) => r[0])).size).toBe(maxRows);
    expect(rows.at(-1)?.join(',')).toBe(Messages.exportTruncated.cn.replace('{rows}', String(maxRows)));
    const [, ...few] = await csvLines(t, api.terminal.export, { keyword: 'Bulk1' }, top);
    expect(few.length).toBeLessThan(maxRows);
    expect(few.every((r) => /^\d+$/.test(r[0]))).toBe(true);
  });
});
