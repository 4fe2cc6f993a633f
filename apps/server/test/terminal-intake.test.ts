import { api, Code, IntakeLimits, Messages, NoticeType } from '@ptt/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardLedger, groupMembers, groups, notices, terminals } from '../src/db/schema.ts';
import * as agents from '../src/modules/agent/service.ts';
import * as cardService from '../src/modules/card/service.ts';
import * as orgs from '../src/modules/org/service.ts';
import { addOtherTenant, backends, type Session, useTestApp } from './harness.ts';
import { balance, setBalance } from './renewal-support.ts';

type Row = { line: number; ssid: string; name: string; iccid: string; group: string };

let next = 863_000_000_000_000;
const fresh = () => String(next++);
const iccidOf = (ssid: string) => `8986${ssid}0`;

/** A multipart body as a browser's FormData sends it: fields, then an optional file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = '----intake7d1a';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

describe.each(backends)('bulk intake of terminals on %s', (backend) => {
  const { t, top, sub, company } = useTestApp(backend, {
    sessions: ['top', 'sub', 'company'],
    timeout: 120_000,
  });
  let orgId: number;
  let otherOrgId: number;

  beforeAll(async () => {
    orgId = (await orgs.findByAccount(t.database.db, 'company01'))?.id ?? 0;
    otherOrgId = (await addOtherTenant(t)).org.id;
  }, 120_000);

  const target = { orgId: 0, userType: 0 };
  beforeAll(() => {
    target.orgId = orgId;
  });

  /** The preview of a file (multipart) or of pasted text (a form field in the same multipart body). */
  async function preview(
    input: { text: string } | { file: Buffer; name: string },
    params: Record<string, unknown> = target,
    session: Session = top,
  ) {
    const fields = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const body =
      'text' in input
        ? multipart({ ...fields, text: input.text })
        : multipart(fields, { name: input.name, bytes: input.file });
    const res = await t.app.inject({
      method: 'POST',
      url: `${api.terminal.importPreview.path}?${new URLSearchParams({ ...session })}`,
      payload: body.payload,
      headers: { 'content-type': body.type },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { code: number; msg: { en: string }; data: PreviewData };
  }
  type PreviewData = {
    rows: (Row & { errors: string[] })[];
    valid: number;
    costs: { cardType: number; cards: number; balance: number }[];
    total: number;
  };

  /** The other tenant's agent, signed in, selling voice cards (100 of them). */
  const otherAgent = async () => {
    const agent = await agents.findByAccount(t.database.db, 'agent02');
    await cardService.setSwitch(t.database.db, agent?.id ?? 0, { 0: true });
    await setBalance(t, 'agent02', 0, 100);
    return t.login(0, 'agent02', 'agent123');
  };

  const importRows = (rows: Row[], extra: Record<string, unknown> = {}, session: Session = top) =>
    t.callBody(api.terminal.import, { ...target, confirm: rows.length, ...extra }, { rows }, session);

  /** What an intake writes: terminals, consume rows of the ledger, notices. */
  const written = async () => {
    const db = t.database.db;
    const n = async (table: typeof terminals | typeof cardLedger | typeof notices) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
    return { terminals: await n(terminals), ledger: await n(cardLedger), notices: await n(notices) };
  };

  it('reads pasted text with a Chinese header, and answers each row’s errors in the text’s order', async () => {
    const [a, b, c] = [fresh(), fresh(), fresh()];
    const taken = (await t.database.db.select({ ssid: terminals.ssid }).from(terminals).limit(1))[0].ssid;
    const text = [
      '名称\tSSID\tICCID\t群组',
      `巡逻一号\t${a}\t${iccidOf(a)}\tDispatch`,
      '',
      `_bad\t${b}\t123\tNoSuchGroup`,
      `Gate\t${a}\t\t`,
      `Lobby\t１２３\t\t`,
      `Taken\t${taken}\t\tPatrol`,
      `\t${c}\t\t`,
    ].join('\r\n');
    const res = await preview({ text });
    expect(res.code).toBe(Code.ok);
    expect(res.data.rows.map((r) => [r.line, r.ssid, r.errors])).toEqual([
      // The first row with an SSID keeps it: only the repeat is flagged, so dropping it keeps the first.
      [2, a, []],
      [4, b, ['nicknameLong', 'iccid', 'importUnknownGroup']],
      [5, a, ['importDuplicate']],
      [6, '123', ['ssid']],
      [7, taken, ['importSsidInUse']],
      [8, c, ['importNameMissing']],
    ]);
    expect(res.data.rows[0]).toMatchObject({ name: '巡逻一号', iccid: iccidOf(a), group: 'Dispatch' });
    // With a prefix the unnamed row is numbered from it: it has nothing else wrong.
    const numbered = await preview({ text }, { ...target, prefix: 'Desk' });
    expect(numbered.data.rows.at(-1)?.errors).toEqual([]);
    expect(numbered.data.valid).toBe(2);
    expect(numbered.data.costs).toEqual([{ cardType: 0, cards: 2, balance: await balance(t, 'agent01', 0) }]);
    expect(numbered.data.total).toBe(2);
  });

  it('reads a CSV file without a header (BOM, quotes), a GB 18030 one with a header, and comma paste', async () => {
    const [a, b] = [fresh(), fresh()];
    const csv = `\uFEFF"${a}","Front_1","${iccidOf(a)}","Patrol"\n${b},"Back ""2""",,\n`;
    const res = await preview({ file: Buffer.from(csv), name: 'note.csv' });
    expect(res.code).toBe(Code.ok);
    expect(res.data.rows).toEqual([
      { line: 1, ssid: a, name: 'Front_1', iccid: iccidOf(a), group: 'Patrol', errors: [] },
      { line: 2, ssid: b, name: 'Back "2"', iccid: '', group: '', errors: ['nicknameLong'] },
    ]);
    // '群组' and '名称' in GB 18030, as Excel on a Chinese Windows saves a CSV.
    const header = Buffer.from([
      0xc8, 0xba, 0xd7, 0xe9, 0x2c, 0x53, 0x53, 0x49, 0x44, 0x2c, 0xc3, 0xfb, 0xb3, 0xc6,
    ]);
    const gbk = Buffer.concat([header, Buffer.from(`\r\nDispatch,${a},Desk_9\r\n`)]);
    const read = await preview({ file: gbk, name: 'gbk.csv' });
    expect(read.data.rows).toEqual([
      { line: 2, ssid: a, name: 'Desk_9', iccid: '', group: 'Dispatch', errors: [] },
    ]);
    // A quoted cell may hold a line break: the next row keeps the line it starts on.
    const across = await preview({ text: `${a},"Desk\n_5"\n${b},Desk_6` });
    expect(across.data.rows.map((r) => [r.line, r.ssid])).toEqual([
      [1, a],
      [3, b],
    ]);
    const paste = await preview({ text: `${a}，Desk_8\n${b},Desk_7` });
    expect(paste.data.rows.map((r) => [r.ssid, r.name, r.errors])).toEqual([
      [a, 'Desk_8', []],
      [b, 'Desk_7', []],
    ]);
  });

  it('reads an XLSX file: its first sheet, numbers as SSIDs, an ICCID kept as a number refused', async () => {
    const [a, b] = [fresh(), fresh()];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Delivery');
    sheet.addRow(['SSID(IMEI)', 'Name', 'ICCID', 'Group']);
    sheet.addRow([Number(a), 'Truck_1', iccidOf(a), 'Dispatch']);
    sheet.addRow([]);
    sheet.addRow([Number(b), { richText: [{ text: 'Truck' }, { text: '_2' }] }, Number(iccidOf(b)), '']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const res = await preview({ file, name: 'note.xlsx' });
    expect(res.code).toBe(Code.ok);
    expect(res.data.rows.map((r) => [r.line, r.ssid, r.name, r.errors])).toEqual([
      [2, a, 'Truck_1', []],
      [4, b, 'Truck_2', ['iccid']],
    ]);
  });

  it('shows exactly the 3 bad rows of 500 and creates nothing; without them creates 497, 497 cards, one notice', async () => {
    const ssids = Array.from({ length: 500 }, fresh);
    const taken = (await t.database.db.select({ ssid: terminals.ssid }).from(terminals).limit(1))[0].ssid;
    const lines = ssids.map((s, i) => `${s},Unit_${i},${iccidOf(s)},${i % 2 ? 'Dispatch' : 'Patrol'}`);
    lines[41] = `${taken},Unit_41,,Dispatch`;
    lines[250] = `${ssids[250]},Unit_250,,Nowhere`;
    lines[498] = `${ssids[498].slice(1)},Unit_498,,`;
    const file = Buffer.from(`SSID,Name,ICCID,Group\n${lines.join('\n')}\n`);
    const res = await preview({ file, name: 'delivery.csv' });
    expect(res.code).toBe(Code.ok);
    const bad = res.data.rows.filter((r) => r.errors.length > 0);
    expect(bad.map((r) => [r.line, r.errors])).toEqual([
      [43, ['importSsidInUse']],
      [252, ['importUnknownGroup']],
      [500, ['ssid']],
    ]);
    expect(res.data.valid).toBe(497);
    expect(res.data.total).toBe(497);

    const before = await written();
    const cardsBefore = await balance(t, 'agent01', 0);
    const all = res.data.rows.map(({ errors: _, ...row }) => row);
    const refused = await importRows(all);
    expect(refused.code).toBe(Code.rule);
    expect(refused.msg.en).toMatch(/row cannot be imported/);
    expect(refused.data).toEqual({ line: 43, errors: ['importSsidInUse'] });
    expect(await written()).toEqual(before);
    expect(await balance(t, 'agent01', 0)).toBe(cardsBefore);

    const good = res.data.rows.filter((r) => r.errors.length === 0).map(({ errors: _, ...row }) => row);
    const done = await importRows(good);
    expect(done.code).toBe(Code.ok);
    expect(done.data.created).toHaveLength(497);
    expect(await balance(t, 'agent01', 0)).toBe(cardsBefore - 497);
    const after = await written();
    expect(after).toEqual({
      terminals: before.terminals + 497,
      ledger: before.ledger + 1,
      notices: before.notices + 1,
    });
    const db = t.database.db;
    const [ledger] = await db.select().from(cardLedger).orderBy(sql`${cardLedger.id} desc`).limit(1);
    expect(ledger).toMatchObject({ kind: 'consume', cardType: 0, quantity: 497, orgId });
    const [notice] = await db.select().from(notices).orderBy(sql`${notices.id} desc`).limit(1);
    expect(notice).toMatchObject({ type: NoticeType.createUser, quantity: 497 });
    const [first] = await db.select().from(terminals).where(eq(terminals.ssid, ssids[0]));
    const [patrol] = await db
      .select()
      .from(groups)
      .where(and(eq(groups.orgId, orgId), eq(groups.name, 'Patrol')));
    expect(first).toMatchObject({
      name: 'Unit_0',
      iccid: iccidOf(ssids[0]),
      orgId,
      defaultGroupId: patrol.id,
    });
    const members = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupMembers)
      .innerJoin(terminals, eq(terminals.id, groupMembers.terminalId))
      .where(inArray(terminals.ssid, ssids));
    expect(members[0].n).toBe(497);
    // Imported once, the same rows are in use.
    const again = await importRows(good.slice(0, 2));
    expect(again.data).toEqual({ line: good[0].line, errors: ['importSsidInUse'] });
  }, 60_000);

  it('checks the rows as fixed on the phone (JSON), keeping their lines', async () => {
    const [a, b] = [fresh(), fresh()];
    const rows = [
      { line: 7, ssid: a, name: 'Fixed_1', iccid: '', group: 'Patrol' },
      { line: 9, ssid: ` ${b.slice(0, 3)}${'０'}${b.slice(4)} `, name: '', iccid: '', group: '' },
    ];
    const res = await t.callBody(api.terminal.importPreview, { ...target, prefix: 'Desk' }, { rows }, top);
    expect(res.code).toBe(Code.ok);
    expect(res.data.rows.map((r) => [r.line, r.errors])).toEqual([
      [7, []],
      [9, []],
    ]);
    const tooMany = Array.from({ length: IntakeLimits.rowsMax + 1 }, (_, i) => ({ ...rows[0], line: i + 1 }));
    const refused = await t.callBody(api.terminal.importPreview, target, { rows: tooMany }, top);
    expect([refused.code, refused.msg.en]).toEqual([
      Code.invalid,
      'At most 1000 terminals can be imported at once',
    ]);
  });

  it('refuses a company, another tenant’s company, more than 1 000 rows, a changed cost and a non-table', async () => {
    const a = fresh();
    const row = { line: 1, ssid: a, name: 'Solo_1', iccid: '', group: '' };
    const before = await written();
    expect((await preview({ text: a }, target, company)).code).toBe(Code.forbidden);
    expect((await importRows([row], {}, company)).code).toBe(Code.forbidden);
    expect((await preview({ text: a }, { ...target, orgId: otherOrgId })).code).toBe(Code.notFound);
    expect((await importRows([row], { orgId: otherOrgId })).code).toBe(Code.notFound);
    // The sub-agent sees its own companies only, not its parent's.
    expect((await importRows([row], {}, sub)).code).toBe(Code.notFound);
    const many = Array.from(
      { length: IntakeLimits.rowsMax + 1 },
      (_, i) => `86400000000${String(i).padStart(4, '0')}`,
    );
    const tooMany = await preview({ text: many.join('\n') });
    expect([tooMany.code, tooMany.msg.en]).toEqual([
      Code.invalid,
      'At most 1000 terminals can be imported at once',
    ]);
    const rows = many.map((ssid, i) => ({ line: i + 1, ssid, name: `M_${i}`, iccid: '', group: '' }));
    expect((await importRows(rows)).code).toBe(Code.invalid);
    const wrong = await importRows([row], { confirm: 2 });
    expect([wrong.code, wrong.data]).toEqual([Code.rule, { total: 1 }]);
    const picture = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])]);
    expect((await preview({ file: picture, name: 'a.png' })).code).toBe(Code.invalid);
    const broken = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect((await preview({ file: broken, name: 'a.xlsx' })).msg.en).toMatch(/CSV or XLSX/);
    expect((await preview({ text: '\n \n' })).msg.en).toMatch(/No terminals found/);
    const huge = await preview({ file: Buffer.alloc(IntakeLimits.bytesMax + 1, 0x31), name: 'big.csv' });
    expect([huge.code, huge.msg.en]).toEqual([Code.invalid, 'The request is too large']);
    // Two files in one body: the closing delimiter of the first gives way to the file part again.
    const two = multipart({ orgId: String(orgId), userType: '0' }, { name: 'a.csv', bytes: Buffer.from(a) });
    const boundary = two.type.split('boundary=')[1];
    const filePart = two.payload.indexOf(`--${boundary}\r\nContent-Disposition: form-data; name="file"`);
    const closing = Buffer.byteLength(`--${boundary}--\r\n`);
    const twice = await t.app.inject({
      method: 'POST',
      url: `${api.terminal.importPreview.path}?${new URLSearchParams({ ...top })}`,
      payload: Buffer.concat([
        two.payload.subarray(0, two.payload.length - closing),
        two.payload.subarray(filePart),
      ]),
      headers: { 'content-type': two.type },
    });
    expect([twice.statusCode, twice.json().code, twice.json().msg.en]).toEqual([
      200,
      Code.invalid,
      'The request is too large',
    ]);
    expect(await written()).toEqual(before);
  });

  it('creates each SSID once when overlapping imports of two accounts race: the other is refused whole, no 50001', async () => {
    const other = await otherAgent();
    const before = await written();
    const cards = (await balance(t, 'agent01', 0)) + (await balance(t, 'agent02', 0));
    for (let round = 0; round < 5; round++) {
      // Two imports of 30 rows, 20 of them shared, each into its own account's company.
      const shared = Array.from({ length: 20 }, fresh);
      const rowsOf = (b: number) =>
        [...shared, ...Array.from({ length: 10 }, fresh)].map((ssid, i) => ({
          line: i + 1,
          ssid,
          name: `R${b}_${i}`,
          iccid: '',
          group: '',
        }));
      const answers = await Promise.all([
        importRows(rowsOf(0)),
        importRows(rowsOf(1), { orgId: otherOrgId }, other),
      ]);
      expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
      const refused = answers.find((x) => x.code !== Code.ok);
      expect([refused?.code, refused?.data]).toEqual([Code.rule, { line: 1, errors: ['importSsidInUse'] }]);
    }
    expect(await written()).toEqual({
      terminals: before.terminals + 5 * 30,
      ledger: before.ledger + 5,
      notices: before.notices + 5,
    });
    expect((await balance(t, 'agent01', 0)) + (await balance(t, 'agent02', 0))).toBe(cards - 5 * 30);
  }, 60_000);

  it('reads one intake at a time per account: a second one meanwhile is refused, the next one taken', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Delivery').addRows(Array.from({ length: 1000 }, () => [fresh(), 'Unit']));
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const answers = await Promise.all([1, 2, 3].map(() => preview({ file, name: 'a.xlsx' })));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== Code.ok))
      expect([a.code, a.msg.en]).toEqual([Code.tooMany, Messages.importBusy.en]);
    // Another account is not held up, and the account's next intake is read.
    expect(
      (await preview({ text: fresh() }, { ...target, orgId: otherOrgId }, await otherAgent())).code,
    ).toBe(Code.ok);
    expect((await preview({ file, name: 'a.xlsx' })).code).toBe(Code.ok);
  }, 60_000);

  it('imports 1 000 rows in one call', async () => {
    await setBalance(t, 'agent01', 0, 5000);
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const ssid = fresh();
      return { line: i + 2, ssid, name: `Big_${i}`, iccid: iccidOf(ssid), group: i % 3 ? 'Dispatch' : '' };
    });
    const started = performance.now();
    const res = await importRows(rows);
    const took = Math.round(performance.now() - started);
    expect(res.code).toBe(Code.ok);
    expect(res.data.created).toHaveLength(1000);
    expect(await balance(t, 'agent01', 0)).toBe(4000);
    console.info(`import of 1 000 rows on ${backend}: ${took} ms`);
  }, 60_000);
});
