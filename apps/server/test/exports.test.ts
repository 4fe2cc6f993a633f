import { api, Code } from '@ptt/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgs, sosRecords, terminals } from '../src/db/schema.ts';
import { exportCalls } from './export-support.ts';
import { backends, useTestApp } from './harness.ts';
import { largeCompany } from './renewal-support.ts';

describe.each(backends)('list exports on %s', (backend) => {
  const { t, top, company } = useTestApp(backend, { sessions: ['top', 'company'], timeout: 120_000 });
  let demoOrgId: number;
  /** A company of agent01 with more users than one batch of an export. */
  let bulkOrgId: number;

  const { get, csv } = exportCalls(() => t);

  beforeAll(async () => {
    const [demo] = await t.database.db.select().from(orgs).where(eq(orgs.account, 'company01'));
    demoOrgId = demo.id;
    bulkOrgId = (await largeCompany(t, 'agent01', 'bulkexport', 2_345, '2030-01-31')).org.id;
  }, 120_000);

  it('writes every user of the filter once, past one batch, in the list order and the chosen language', async () => {
    const lines = await csv(
      api.terminal.export,
      { orgId: bulkOrgId, lang: 'cn', timeZone: 'Asia/Shanghai' },
      top,
    );
    const [header, ...rows] = lines;
    expect(header.slice(0, 3)).toEqual(['账号', '名称', '单位']);
    expect(header.at(-1)).toBe('创建时间 (Asia/Shanghai)');
    expect(rows).toHaveLength(2_345);
    expect(new Set(rows.map((r) => r[0])).size).toBe(2_345);
    // Newest first, as on screen: the first page of the list is the file's first rows.
    const page = await t.call(api.terminal.list, { orgId: bulkOrgId, page: 1, size: 20 }, top);
    expect(rows.slice(0, 20).map((r) => r[0])).toEqual(page.data.list.map((u) => u.ssid));
    expect(rows[0][4]).toBe('2030-01-31');
  });

  it('applies the same filters as the list: a keyword narrows the file as it narrows the page', async () => {
    const page = await t.call(api.terminal.list, { keyword: 'Bulk123', page: 1, size: 100 }, top);
    const [, ...rows] = await csv(api.terminal.export, { keyword: 'Bulk123' }, top);
    expect(rows.map((r) => r[0])).toEqual(page.data.list.map((u) => u.ssid));
    expect(rows.length).toBe(11);
  });

  it('writes the same rows as an Excel workbook', async () => {
    const res = await get(api.group.export, { format: 'xlsx', lang: 'cn2' }, top);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename\*=UTF-8''groups-\d{4}-\d\d-\d\d\.xlsx$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const [, ...rows] = await csv(api.group.export, { lang: 'cn2' }, top);
    expect(values[0]).toEqual(['名稱', '單位', '成員數', expect.stringMatching(/^創建時間 \(/)]);
    expect(values.slice(1).map((r) => [r[0], r[1], String(r[2]), r[3]])).toEqual(rows);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("keeps a company to its own rows and an agent's company list to agents", async () => {
    const [, ...own] = await csv(api.terminal.export, {}, company);
    const demo = await t.call(api.terminal.list, { orgId: demoOrgId, page: 1, size: 100 }, top);
    expect(own.map((r) => r[0]).sort()).toEqual(demo.data.list.map((u) => u.ssid).sort());
    const refused = await get(api.agent.exportOrgs, {}, company);
    expect(refused.json().code).toBe(Code.forbidden);
    // Another company named in the filter: the envelope's 40401, never a file.
    const other = await get(api.terminal.export, { orgId: 999_999 }, company);
    expect(other.json().code).toBe(Code.notFound);
  });

  it('answers bad parameters with a coded envelope, not a file', async () => {
    const format = await get(api.terminal.export, { format: 'pdf' }, top);
    expect(format.json().code).toBe(Code.invalid);
    const range = await get(api.sos.export, { start: '2026-01-01', end: '2026-06-30' }, top);
    expect(range.json().code).not.toBe(Code.ok);
    expect(range.json().msg.cn).toBeTruthy();
    const anonymous = await t.app.inject({ method: 'GET', url: api.terminal.export.path });
    expect(anonymous.json().code).toBe(Code.unauthorized);
  });

  it('writes a name that a spreadsheet would run as a formula as text', async () => {
    await t.database.db
      .update(terminals)
      .set({ name: '=HYPERLINK("x")' })
      .where(eq(terminals.orgId, demoOrgId));
    const res = await get(api.terminal.export, { orgId: demoOrgId }, top);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
    // OWASP's other leading characters, and a semicolon that would start a cell where Excel splits on it.
    for (const [name, written] of [
      ['@SUM(1)', `'@SUM(1)`],
      ['\tx', `'\tx`],
      ['a;=1+1', '"a;=1+1"'],
    ]) {
      await t.database.db.update(terminals).set({ name }).where(eq(terminals.orgId, demoOrgId));
      const file = await get(api.terminal.export, { orgId: demoOrgId }, top);
      expect(file.body).toContain(written);
    }
  });

  it('writes SSIDs as text cells in a workbook, every digit kept', async () => {
    const res = await get(api.terminal.export, { orgId: demoOrgId, format: 'xlsx' }, top);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [, first] = book.worksheets[0].getRows(1, 2) ?? [];
    const ssid = first?.getCell(1);
    expect(ssid?.type).toBe(ExcelJS.ValueType.String);
    expect(String(ssid?.value)).toMatch(/^\d{15}$/);
  });

  it('writes SOS records with their state in words and times in the zone asked for', async () => {
    const [terminal] = await t.database.db
      .select()
      .from(terminals)
      .where(eq(terminals.orgId, demoOrgId))
      .limit(1);
    const [demo] = await t.database.db.select().from(orgs).where(eq(orgs.id, demoOrgId));
    await t.database.db.insert(sosRecords).values({
      terminalId: terminal.id,
      orgId: demoOrgId,
      agentPath: demo.agentPath,
      createdAt: new Date('2026-11-20T16:30:00Z'),
    });
    const lines = await csv(
      api.sos.export,
      { start: '2026-11-21', end: '2026-11-21', timeZone: 'Asia/Hong_Kong', lang: 'en' },
      company,
    );
    expect(lines[0][0]).toBe('Time (Asia/Hong_Kong)');
    expect(lines.slice(1).map((r) => [r[0], r[1], r[6]])).toEqual([
      ['2026-11-21 00:30:00', terminal.ssid, 'Unprocessed'],
    ]);
  });
});
