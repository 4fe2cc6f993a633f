import { api, type DataOf, type IntakeRowError, type ParamsOf } from '@ptt/contract';
import { ApiError } from '../../api/client.ts';

export type Preview = DataOf<typeof api.terminal.importPreview>;
export type CheckedRow = Preview['rows'][number];
/** A row as it is sent back: the line it had in the file and its four cells. */
export type IntakeRow = Omit<CheckedRow, 'errors'>;
export type PreviewParams = ParamsOf<typeof api.terminal.importPreview>;

/** The rows that need the user first, then the rest, each group in the file's order. */
export const badFirst = (rows: CheckedRow[]) => [
  ...rows.filter((r) => r.errors.length > 0),
  ...rows.filter((r) => r.errors.length === 0),
];

export const plainRow = ({ errors: _, ...row }: CheckedRow): IntakeRow => row;

/** The refusal of an import that names a row: its line and what is wrong with it. */
export const refusedRow = (error: unknown): { line: number; errors: IntakeRowError[] } | undefined => {
  if (!(error instanceof ApiError)) return undefined;
  const data = error.data as { line?: unknown; errors?: unknown } | null;
  return typeof data?.line === 'number' && Array.isArray(data.errors)
    ? { line: data.line, errors: data.errors as IntakeRowError[] }
    : undefined;
};

/** The target's fields the preview and the import share, checked by the contract's own rule. */
export const targetRule = api.terminal.importPreview.params.pick({
  orgId: true,
  userType: true,
  prefix: true,
});
