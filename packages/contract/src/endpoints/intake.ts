import { z } from 'zod';
import { once } from '../lazy.ts';
import type { MessageKey } from '../messages.ts';
import { digits, prefix } from '../rules.ts';
import { count, endpoint, optional } from './define.ts';

export const IntakeLimits = {
  /** Rows one intake takes at most. */
  rowsMax: 1000,
  /** The largest file or pasted text read, in bytes: 1 000 rows of a delivery note are far less. */
  bytesMax: 1024 * 1024,
  /** What an XLSX file may unpack to, in bytes: in all, per entry, and how many entries it may hold. */
  unpackedMax: 16 * 1024 * 1024,
  entryUnpackedMax: 8 * 1024 * 1024,
  entriesMax: 256,
  /** The longest a cell is kept: longer ones are cut, and the rules then refuse them. */
  cellMax: 64,
} as const;

/** What can be wrong with one row, as message keys of the catalogue, in the order they are checked. */
export const IntakeRowErrors = [
  'ssid',
  'importDuplicate',
  'importSsidInUse',
  'nicknameLong',
  'importNameMissing',
  'iccid',
  'importUnknownGroup',
] as const satisfies readonly MessageKey[];
export type IntakeRowError = (typeof IntakeRowErrors)[number];

const cell = once(() => z.string().max(IntakeLimits.cellMax, 'invalidParams').default(''));

/** One row as the file had it (or as the user fixed it): line number and the four cells as text. */
export const intakeRow = once(() =>
  z.object({
    line: z.number().int().positive(),
    ssid: cell(),
    name: cell(),
    iccid: cell(),
    group: cell(),
  }),
);

/** Rows as JSON (a body): those the phone shows, after the user fixed or dropped some. */
const intakeRows = once(() =>
  z.array(intakeRow(), { error: 'importEmpty' }).min(1, 'importEmpty').max(IntakeLimits.rowsMax, 'importMax'),
);

/** The company, the user type and, for rows without a name, the prefix they are numbered from. */
const intakeTarget = once(() =>
  z.object({
    orgId: digits('selectCompany').pipe(z.number().int('selectCompany').positive('selectCompany')),
    userType: digits('selectUserType').pipe(
      z.union([z.literal(0), z.literal(1)], { error: 'selectUserType' }),
    ),
    prefix: optional(prefix()),
  }),
);

/** The cards an intake takes, of the user type's card, against the caller's balance. */
export const intakeCost = once(() => z.object({ cardType: z.number(), cards: count(), balance: count() }));

export const intakePreview = once(() =>
  z.object({
    /** Every row in the file's order, each with what is wrong with it (none: it can be imported). */
    rows: z.array(intakeRow().extend({ errors: z.array(z.enum(IntakeRowErrors)) })),
    /** Rows without errors. */
    valid: count(),
    costs: z.array(intakeCost()),
    /** Cards the valid rows take in all: the `confirm` an import of them must send. */
    total: count(),
  }),
);

export const intakeEndpoints = {
  importPreview: endpoint({
    method: 'POST',
    path: '/v1/terminal/importPreview',
    access: 'agent',
    summary:
      'Read terminals from a file or pasted text and answer what is wrong with each row, and the cards the ' +
      'valid rows take: the file (CSV or XLSX, at most 1 MB) as the multipart field "file", or the text as ' +
      'the field "text" (one terminal a line, tab- or comma-separated, as copied from a spreadsheet), or ' +
      'the rows as JSON (body: rows) as the user fixed them. ' +
      'Columns SSID, name, ICCID, group, or as a header row names them (English or Chinese); at most 1 000 ' +
      'rows. A group is named as it is in the company; a row without a name is numbered from the prefix',
    params: () =>
      intakeTarget().extend({
        text: optional(z.string().max(IntakeLimits.bytesMax, 'requestTooLarge')),
        rows: optional(intakeRows()),
      }),
    data: intakePreview,
  }),
  import: endpoint({
    method: 'POST',
    path: '/v1/terminal/import',
    access: 'agent',
    audit: { target: 'terminal' },
    spends: true,
    summary:
      'Create the terminals of the rows (JSON body: rows) in one transaction, all or none: one card of the ' +
      'user type each, the ledger and one notice; the group becomes the terminal’s default group. Any row ' +
      'with an error refuses it all (data: its line and errors); confirm is the card total the caller was shown',
    params: () =>
      intakeTarget().extend({
        rows: intakeRows(),
        confirm: digits('renewCostChanged').pipe(
          z.number().int('renewCostChanged').nonnegative('renewCostChanged'),
        ),
      }),
    data: () =>
      z.object({
        created: z.array(
          z.object({ id: z.number(), ssid: z.string(), name: z.string(), intercomPassword: z.string() }),
        ),
      }),
  }),
};
