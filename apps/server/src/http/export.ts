import { PassThrough, type Readable } from 'node:stream';
import { type Endpoint, type ExportFormat, type Lang, Messages, type Title } from '@ptt/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { giveBack, RateLimits, takePlace } from '../lib/rate-limit.ts';
import type { Caller } from './caller.ts';
import { tooMany } from './errors.ts';
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

type Out = NodeJS.WritableStream & { destroyed: boolean; writableNeedDrain: boolean };

/** Until the client has read what is written, or has gone away (then no drain comes). */
const drained = (out: Out) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

/**
 * The rows a file holds at most, the line that ends a file cut there, and what is done once every row is
 * read, before the file's end is sent (the export's places are given back: a client that has its whole
 * file may start the next one).
 */
interface RowCap {
  rows: number;
  note: Cell[];
  read: () => Promise<void>;
}

/**
 * Writes the rows to a stream as they are read, waiting whenever the client has not read what is written;
 * past the cap it writes the note instead of the next row and stops reading.
 */
function pump(
  out: Out,
  first: IteratorResult<Cell[]>,
  rest: AsyncIterator<Cell[]>,
  cap: RowCap,
  write: (cells: Cell[]) => void,
) {
  return (async () => {
    let n = 0;
    for (let r = first; !r.done; r = await rest.next()) {
      if (out.destroyed || n === cap.rows) {
        if (!out.destroyed) write(cap.note);
        await rest.return?.();
        return;
      }
      write(r.value);
      if (++n % chunkRows === 0 && out.writableNeedDrain) await drained(out);
    }
  })();
}

/**
 * CSV through csv-stringify, the one CSV writer: a BOM first so that Excel reads the UTF-8 (Chinese
 * names) as such, CRLF lines, RFC 4180 quoting. A cell holding a semicolon is quoted too: where Excel
 * separates with semicolons, an unquoted `a;=cmd` would open a second cell that starts a formula.
 */
function csvOf(columns: string[], first: IteratorResult<Cell[]>, rest: AsyncIterator<Cell[]>, cap: RowCap) {
  const out = stringify({
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /;/,
    cast: { string: safeText },
  });
  out.write(columns);
  pump(out, first, rest, cap, (cells) => out.write(cells))
    .then(cap.read)
    .then(() => out.end())
    .catch((e: unknown) => out.destroy(e as Error));
  return out;
}

function xlsxOf(
  name: string,
  columns: string[],
  first: IteratorResult<Cell[]>,
  rest: AsyncIterator<Cell[]>,
  cap: RowCap,
) {
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
    await pump(out, first, rest, cap, (cells) =>
      sheet.addRow(cells.map((v) => (typeof v === 'string' ? safeText(v) : (v ?? null)))).commit(),
    );
    sheet.commit();
    await cap.read();
    await book.commit();
  };
  write().catch((e: unknown) => out.destroy(e as Error));
  return out;
}

/** Exports each app's instance is writing (tests build several apps in one process). */
const writing = new WeakMap<Deps, { count: number }>();

/**
 * Takes an export's places before it reads a row: one of the instance's EXPORTS_AT_ONCE, then one of the
 * account's two on all instances; a refusal answers 42901. Resolves to the function that gives them back.
 */
async function takeExportPlaces(deps: Deps, caller: Caller | undefined) {
  const here = writing.get(deps) ?? { count: 0 };
  writing.set(deps, here);
  if (here.count >= deps.config.EXPORTS_AT_ONCE) throw tooMany('exportsBusy');
  // Counted before anything is awaited, so that a burst of exports is counted one by one.
  here.count++;
  const limit = caller && RateLimits.exportsRunning(caller.role, caller.id);
  try {
    if (limit) await takePlace(deps.db, limit, () => tooMany('exportsRunning'));
  } catch (e) {
    here.count--;
    throw e;
  }
  let given = false;
  return async () => {
    if (given) return;
    given = true;
    here.count--;
    if (limit) await giveBack(deps.db, limit);
  };
}

/**
 * Registers a list's export: the caller and parameters are checked as for any call, the export takes
 * its places (a refusal answers the envelope), the first row is read before anything is sent (so a
 * refusal still answers the envelope), then the file is streamed as CSV or XLSX a batch of rows at a
 * time, up to EXPORT_MAX_ROWS rows. The places are given back when the file is sent or the client goes.
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
      const { format = 'csv', lang } = ctx.params as ExportParams;
      const giveBackPlaces = await takeExportPlaces(deps, ctx.caller);
      const release = () =>
        giveBackPlaces().catch((err: unknown) => req.log.warn({ err }, 'export places not given back'));
      let file: ExportFile;
      let body: Readable;
      try {
        file = await handler(ctx);
        const rows = file.rows[Symbol.asyncIterator]();
        const first = await rows.next();
        const max = deps.config.EXPORT_MAX_ROWS;
        const note = [Messages.exportTruncated[lang].replace('{rows}', String(max))];
        const cap = { rows: max, note, read: release };
        body =
          format === 'xlsx'
            ? xlsxOf(file.name, file.columns, first, rows, cap)
            : csvOf(file.columns, first, rows, cap);
        body.on('close', () => void release());
      } catch (e) {
        void release();
        throw e;
      }
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

/** The columns of a list's file that begins with each row's time. */
export type TimedColumns = [Title, ...(Title | { time: Title })[]];

/** A list's file whose first column is each row's time in `zone`; the other columns follow in order. */
export const timedFile = <T>(
  name: string,
  lang: Lang,
  zone: string,
  [time, ...columns]: TimedColumns,
  rows: AsyncIterable<T>,
  cells: (row: T) => Cell[],
): ExportFile => ({
  name,
  columns: titlesOf(lang, zone, [{ time }, ...columns]),
  rows: cellsOf(rows, cells),
});
