import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { Endpoint, ExportFormat, Lang, Title } from '@ptt/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { contextOf, type Deps, type ReadCtx } from './route.ts';

/** A cell of an exported row: text, a number, or empty. */
export type Cell = string | number | null | undefined;

/** What an export handler answers: the file's name (without extension), its column titles and its rows. */
export interface ExportFile {
  name: string;
  /** False when the name already says which days the file holds: no download date is added to it. */
  dated?: boolean;
  columns: string[];
  /** Read a batch at a time while the file is written: the whole list is never held in memory. */
  rows: AsyncIterable<Cell[]>;
}

/** The parameters every export takes (see the contract's `exportParams`). */
type ExportParams = { format?: ExportFormat; lang: Lang; timeZone?: string | undefined };

/** The titles of a file's columns in its language; a time column names the zone its times are in. */
export const titlesOf = (lang: Lang, zone: string, columns: (Title | { time: Title })[]) =>
  columns.map((c) => ('time' in c ? `${c.time[lang]} (${zone})` : c[lang]));

const types: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * OWASP's CSV injection guidance: a text cell that a spreadsheet would read as a formula (=, +, -, @, tab,
 * carriage return first; NUL as ASVS adds) is written with a leading apostrophe, so that a name typed by
 * one tenant cannot run in another's Excel. Numbers are the list's own values and stay numbers.
 */
export const safeText = (s: string) => (/^[=+\-@\t\r\0]/.test(s) ? `'${s}` : s);

/** Rows are written in chunks of this many lines before the writer waits for the client. */
const chunkRows = 200;

/** Writes the rows to a stream as they are read, waiting whenever the client has not read what is written. */
function pump(
  out: NodeJS.WritableStream & { destroyed: boolean; writableNeedDrain: boolean },
  first: IteratorResult<Cell[]>,
  rest: AsyncIterator<Cell[]>,
  write: (cells: Cell[]) => void,
) {
  return (async () => {
    let n = 0;
    for (let r = first; !r.done; r = await rest.next()) {
      if (out.destroyed) return;
      write(r.value);
      if (++n % chunkRows === 0 && out.writableNeedDrain) await once(out, 'drain');
    }
  })();
}

/**
 * CSV through csv-stringify, the one CSV writer: a BOM first so that Excel reads the UTF-8 (Chinese
 * names) as such, CRLF lines, RFC 4180 quoting. A cell holding a semicolon is quoted too: where Excel
 * separates with semicolons, an unquoted `a;=cmd` would open a second cell that starts a formula.
 */
function csvOf(columns: string[], first: IteratorResult<Cell[]>, rest: AsyncIterator<Cell[]>) {
  const out = stringify({
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /;/,
    cast: { string: safeText },
  });
  out.write(columns);
  pump(out, first, rest, (cells) => out.write(cells))
    .then(() => out.end())
    .catch((e: unknown) => out.destroy(e as Error));
  return out;
}

function xlsxOf(name: string, columns: string[], first: IteratorResult<Cell[]>, rest: AsyncIterator<Cell[]>) {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(name.slice(0, 31));
  // A string stays a text cell, never parsed as a number: an SSID, an ICCID or a phone number keeps its
  // leading zeros and its last digits (Excel keeps 15 significant digits of a number).
  const write = async () => {
    sheet.addRow(columns).commit();
    await pump(out, first, rest, (cells) =>
      sheet.addRow(cells.map((v) => (typeof v === 'string' ? safeText(v) : (v ?? null)))).commit(),
    );
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
      // An export whose endpoint offers no choice of format (the sales record) is CSV.
      const format = (ctx.params as ExportParams).format ?? 'csv';
      const file = await handler(ctx);
      const rows = file.rows[Symbol.asyncIterator]();
      const first = await rows.next();
      const body: Readable =
        format === 'xlsx' ? xlsxOf(file.name, file.columns, first, rows) : csvOf(file.columns, first, rows);
      const name = file.dated === false ? file.name : `${file.name}-${new Date().toISOString().slice(0, 10)}`;
      return reply
        .type(types[format])
        .header(
          'Content-Disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.${format}`)}`,
        )
        .send(body);
    },
  });
}

/** The cells of each row of a list, as the rows are read. */
export async function* cellsOf<T>(rows: AsyncIterable<T>, cells: (row: T) => Cell[]) {
  for await (const row of rows) yield cells(row);
}
