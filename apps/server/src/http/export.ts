import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { Endpoint, ExportFormat, Lang, Title } from '@ptt/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { contextOf, type Deps, type ReadCtx } from './route.ts';

/** A cell of an exported row: text, a number, or empty. */
export type Cell = string | number | null | undefined;

/** What an export handler answers: the file's name (without extension), its column titles and its rows. */
export interface ExportFile {
  name: string;
  columns: string[];
  /** Read a batch at a time while the file is written: the whole list is never held in memory. */
  rows: AsyncIterable<Cell[]>;
}

/** The parameters every export takes (see the contract's `exportParams`). */
type ExportParams = { format: ExportFormat; lang: Lang; timeZone?: string | undefined };

/** The titles of a file's columns in its language; a time column names the zone its times are in. */
export const titlesOf = (lang: Lang, zone: string, columns: (Title | { time: Title })[]) =>
  columns.map((c) => ('time' in c ? `${c.time[lang]} (${zone})` : c[lang]));

const types: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A text cell that a spreadsheet would read as a formula (=, +, -, @ first) is written with a leading
 * apostrophe, so that a name typed by one tenant cannot run in another's Excel.
 */
const safeText = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

const csvCell = (v: Cell) => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  const s = safeText(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};
const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Rows are joined into chunks of this many lines before they are written. */
const chunkRows = 200;

async function* csvOf(columns: string[], first: IteratorResult<Cell[]>, rest: AsyncIterator<Cell[]>) {
  // A BOM first, so that Excel reads the UTF-8 (Chinese names) as such.
  let chunk = `\uFEFF${csvLine(columns)}`;
  let n = 0;
  for (let r = first; !r.done; r = await rest.next()) {
    chunk += csvLine(r.value);
    if (++n % chunkRows === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

function xlsxOf(name: string, columns: string[], first: IteratorResult<Cell[]>, rest: AsyncIterator<Cell[]>) {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(name.slice(0, 31));
  const write = async () => {
    sheet.addRow(columns).commit();
    let n = 0;
    for (let r = first; !r.done; r = await rest.next()) {
      if (out.destroyed) return;
      sheet.addRow(r.value.map((v) => (typeof v === 'string' ? safeText(v) : (v ?? null)))).commit();
      // The workbook writes as rows are committed: wait while the client has not read what is written.
      if (++n % chunkRows === 0 && out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((e: unknown) => out.destroy(e as Error));
  return out;
}

/**
 * Registers a list's export: the caller and parameters are checked as for any call, the first row is
 * read before anything is sent (so a refusal still answers the envelope), then the file is streamed as
 * CSV or XLSX a batch of rows at a time.
 */
export function exportRoute<E extends Endpoint>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  handler: (ctx: ReadCtx<E>) => Promise<ExportFile>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      const ctx = await contextOf(deps, endpoint, req);
      const { format } = ctx.params as ExportParams;
      const file = await handler(ctx);
      const rows = file.rows[Symbol.asyncIterator]();
      const first = await rows.next();
      const body =
        format === 'xlsx'
          ? xlsxOf(file.name, file.columns, first, rows)
          : Readable.from(csvOf(file.columns, first, rows));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(types[format])
        .header(
          'Content-Disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(`${file.name}-${day}.${format}`)}`,
        )
        .send(body);
    },
  });
}

/** The cells of each row of a list, as the rows are read. */
export async function* cellsOf<T>(rows: AsyncIterable<T>, cells: (row: T) => Cell[]) {
  for await (const row of rows) yield cells(row);
}
