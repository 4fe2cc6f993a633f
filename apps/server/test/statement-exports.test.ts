import { api, Code } from '@ptt/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as agents from '../src/modules/agent/service.ts';
import { exportCalls } from './export-support.ts';
import { backends, useTestApp } from './harness.ts';

describe.each(backends)('statement exports on %s', (backend) => {
  const { t, top, sub } = useTestApp(backend, { sessions: ['top', 'sub'] });
  let subId: number;

  const { get, csv } = exportCalls(() => t);

  beforeAll(async () => {
    subId = (await agents.findByAccount(t.database.db, 'subagent01'))?.id ?? 0;
    for (const quantity of [3, 4, 5]) {
      const sale = await t.call(api.agent.blanceAdd, { agentId: subId, cardType: 2, quantity }, top);
      expect(sale.code).toBe(Code.ok);
    }
    const back = await t.call(api.agent.cardRecovery, { agentId: subId, cardType: 2, quantity: 2 }, top);
    expect(back.code).toBe(Code.ok);
  });

  it('writes the movements of the filter as on screen, signed, with both balances, in the chosen language', async () => {
    const page = await t.call(api.agent.statement, { cardType: 2, size: 100 }, sub);
    const [header, ...rows] = await csv(
      api.agent.statementExport,
      { cardType: 2, lang: 'cn', timeZone: 'Asia/Shanghai' },
      sub,
    );
    expect(header).toEqual([
      '时间 (Asia/Shanghai)',
      '类型',
      '卡类型',
      '数量',
      '变动前余额',
      '变动后余额',
      '对方',
      '操作人',
    ]);
    expect(rows).toHaveLength(page.data.total);
    expect(rows.map((r) => [r[3], r[4], r[5]])).toEqual(
      page.data.list.map((r) => [
        String(r.direction === 'in' ? r.quantity : -r.quantity),
        String(r.before),
        String(r.after),
      ]),
    );
    expect(rows[0].slice(1, 3)).toEqual(['被上级回收', '定位卡']);
    expect(rows[0][6]).toBe(rows[0][7]);
  });

  it('writes the months as an Excel workbook with the same figures as the screen', async () => {
    const res = await get(api.agent.statementMonthsExport, { format: 'xlsx', lang: 'en' }, sub);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename\*=UTF-8''statement-months-\d{4}-\d\d-\d\d\.xlsx$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    book.worksheets[0].eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const months = (await t.call(api.agent.statementMonths, {}, sub)).data.list;
    expect(values[0].slice(0, 3)).toEqual(['Month', 'Card type', 'Opening balance']);
    expect(values.slice(1).map((r) => [r[0], r[2], r[12]])).toEqual(
      months.map((m) => [m.month, m.opening, m.closing]),
    );
    expect(values.length).toBe(months.length + 1);
  });

  it('refuses a company and bad ranges with a coded envelope, not a file', async () => {
    const company = await t.login(1, 'company01', 'company123');
    for (const e of [api.agent.statementExport, api.agent.statementMonthsExport])
      expect((await get(e, {}, company)).json().code).toBe(Code.forbidden);
    const backwards = await get(api.agent.statementExport, { from: '2026-05-02', to: '2026-05-01' }, sub);
    expect([backwards.json().code, backwards.json().msg.en]).toEqual([
      Code.invalid,
      'The start date cannot be after the end date',
    ]);
    const long = await get(api.agent.statementMonthsExport, { from: '2023-01', to: '2026-01' }, sub);
    expect(long.json().msg.en).toBe('The range cannot exceed 24 months');
    const badFormat = await get(api.agent.statementExport, { format: 'pdf' }, sub);
    expect(badFormat.json().code).toBe(Code.invalid);
  });
});
