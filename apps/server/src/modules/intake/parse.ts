import { IntakeLimits, rules } from '@ptt/contract';
import { parse } from 'csv-parse/sync';
import { invalid } from '../../http/errors.ts';
import { unpacksWithin } from '../../lib/zip-bound.ts';

/** One row of a delivery note as read: its line in the file and its four cells as text. */
export interface ReadRow {
  line: number;
  ssid: string;
  name: string;
  iccid: string;
  group: string;
}

type Column = Exclude<keyof ReadRow, 'line'>;
const Positional: Column[] = ['ssid', 'name', 'iccid', 'group'];

/** Header cells people write for each column, compared without case, spaces or punctuation. */
const HeaderWords: Record<Column, string[]> = {
  ssid: ['ssid', 'imei', 'ssidimei', '账号', '帳號', '终端号', '終端號'],
  name: [
    'name',
    'nickname',
    'username',
    '名称',
    '名稱',
    '昵称',
    '暱稱',
    '用户名称',
    '用戶名稱',
    '用户名',
    '用戶名',
  ],
  iccid: ['iccid', 'sim', 'simcard', 'sim卡', 'sim卡号', 'sim卡號'],
  group: ['group', 'groupname', '群组', '群組', '分组', '分組', '群组名称', '群組名稱'],
};
const headerKey = (cell: string) => cell.toLowerCase().replace(/[\s_()（）:：.-]/g, '');
const columnOf = (cell: string): Column | undefined => {
  const key = headerKey(cell);
  return Positional.find((c) => HeaderWords[c].includes(key));
};

/**
 * The rows of a table of cells: the first row is a header when it names a column, and then the header
 * says which column is which; otherwise the columns are SSID, name, ICCID, group. Empty rows are left
 * out (their line numbers are kept), more than `rowsMax` rows are refused.
 */
export function rowsOf(table: { line: number; cells: string[] }[]): ReadRow[] {
  const filled = table.filter((r) => r.cells.some((c) => c.trim() !== ''));
  let columns: (Column | undefined)[] = Positional;
  const header = filled[0]?.cells.map(columnOf);
  if (header?.some((c) => c !== undefined)) {
    columns = header;
    filled.shift();
  }
  if (filled.length > IntakeLimits.rowsMax) throw invalid('importMax');
  if (filled.length === 0) throw invalid('importEmpty');
  return filled.map(({ line, cells }) => {
    const row: ReadRow = { line, ssid: '', name: '', iccid: '', group: '' };
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (column && row[column] === '') row[column] = cell.trim().slice(0, IntakeLimits.cellMax);
    });
    return row;
  });
}

/**
 * The cells of CSV or pasted text, read by csv-parse (RFC 4180; a quoted cell may hold a line break). The
 * separator is a tab when the text has one (a spreadsheet's copy), else a comma (full-width ones too, as
 * a Chinese keyboard types them) or a semicolon (a CSV saved where the comma is the decimal sign). A
 * stray quote inside a cell is kept as written; a quote never closed is no table.
 */
export function readText(text: string): ReadRow[] {
  // One kind of line end, so that a row's line number counts as an editor shows it.
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const sample = body.split('\n').find((l) => l.trim() !== '') ?? '';
  const sep = sample.includes('\t') ? '\t' : /[,，]/.test(sample) ? ',' : sample.includes(';') ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(sep === ',' ? body.replace(/，/g, ',') : body, {
      delimiter: sep,
      info: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as unknown as typeof records;
  } catch {
    throw invalid('importFileUnsupported');
  }
  let end = 0;
  return rowsOf(
    records.map(({ record, info }) => {
      // The parser tells the line a row ends on; it starts on the line after the row before it.
      const line = end + 1;
      end = info.lines;
      return { line, cells: record.map((c) => rules.halfWidth(c)) };
    }),
  );
}

/**
 * The text of a CSV file: UTF-8 (with or without its mark), else GB 18030, which Excel on a Chinese
 * Windows writes when it saves "CSV".
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** A cell of a worksheet as the text it shows; a number too long to be exact is left wrong on purpose. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    // Excel keeps 15 significant digits: a 20-digit ICCID stored as a number has lost its end, and
    // written out in full it would pass the rule with the wrong digits.
    return Number.isSafeInteger(value) ? String(value) : value.toExponential();
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
  }
  return String(value);
}

/** The rows of an XLSX workbook's first worksheet. exceljs is loaded with the first file that needs it. */
export async function readXlsx(bytes: Uint8Array): Promise<ReadRow[]> {
  // A workbook of 1 000 rows unpacks to well under a megabyte; more is not a delivery note.
  const bounds = {
    entries: IntakeLimits.entriesMax,
    entryBytes: IntakeLimits.entryUnpackedMax,
    totalBytes: IntakeLimits.unpackedMax,
  };
  if (!unpacksWithin(bytes, bounds)) throw invalid('importFileUnsupported');
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalid('importFileUnsupported');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw invalid('importEmpty');
  // Counted before any row is read into cells: a sheet of a million rows is refused, not walked.
  if (sheet.actualRowCount > IntakeLimits.rowsMax + 1) throw invalid('importMax');
  const table: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    for (let i = 1; i <= Math.min(row.cellCount, 16); i++)
      cells.push(rules.halfWidth(cellText(row.getCell(i).value)));
    table.push({ line, cells });
  });
  return rowsOf(table);
}

/** What a file is, by its first bytes: an XLSX is a ZIP archive; anything else is read as CSV text. */
export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The rows of an uploaded file: an XLSX workbook, or CSV text. */
export async function readFile(bytes: Uint8Array): Promise<ReadRow[]> {
  if (isZip(bytes)) return readXlsx(bytes);
  // A binary file that is not a workbook (an old .xls, a picture) is no table of text.
  if (bytes.subarray(0, 4096).includes(0)) throw invalid('importFileUnsupported');
  return readText(decodeCsv(bytes));
}
