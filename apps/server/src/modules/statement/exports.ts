import { type api, CardNames, LedgerNames, type ParsedParamsOf, StatementTitles as T } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { type Cell, type ExportFile, type TimedColumns, timedFile, titlesOf } from '../../http/export.ts';
import { localDateTime } from '../../lib/zoned-time.ts';
import * as repo from './repository.ts';
import { statementFilterOf, statementMonths, statementRow } from './service.ts';

type Lang = ParsedParamsOf<typeof api.agent.statementExport>['lang'];

/** A movement's name from the agent's side, as the sales record's file writes it. */
export const movementOf = (lang: Lang, kind: string, direction: 'in' | 'out') => {
  const names = LedgerNames[lang];
  if (kind === 'sale') return direction === 'out' ? names.sale : names.purchase;
  if (kind === 'recycle') return direction === 'in' ? names.recycle : names.recycled;
  if (kind === 'restore') return direction === 'out' ? names.restore : names.restored;
  return names[kind as 'grant' | 'consume' | 'return'] ?? kind;
};

const cardName = (lang: Lang, cardType: number) => CardNames[lang][cardType] ?? String(cardType);

/** The statement's movements as a file: signed quantities, the balances, counterpart and operator. */
export function statementFile(
  db: Conn,
  caller: Caller,
  q: ParsedParamsOf<typeof api.agent.statementExport>,
): ExportFile {
  const zone = q.timeZone ?? 'UTC';
  const rows = repo.statementEach(db, caller.id, statementFilterOf(q));
  const columns: TimedColumns = [
    T.time,
    T.movement,
    T.cardType,
    T.quantity,
    T.before,
    T.after,
    T.counterpart,
    T.operator,
  ];
  return timedFile('statement', q.lang, zone, columns, rows, (record): Cell[] => {
    const r = statementRow(caller.id, record);
    return [
      localDateTime(new Date(r.created_at), zone),
      movementOf(q.lang, r.kind, r.direction),
      cardName(q.lang, r.cardType),
      r.direction === 'in' ? r.quantity : -r.quantity,
      r.before,
      r.after,
      r.counterpart?.name ?? (r.kind === 'grant' ? T.platform[q.lang] : null),
      r.operator?.name ?? T.platform[q.lang],
    ];
  });
}

const monthColumns = [
  'opening',
  'granted',
  'bought',
  'sold',
  'recycledIn',
  'recycledOut',
  'restoredIn',
  'restoredOut',
  'consumed',
  'refunded',
  'closing',
] as const;

/** The monthly statement as a file: one line per month and card type, as on screen. */
export async function statementMonthsFile(
  db: Conn,
  caller: Caller,
  q: ParsedParamsOf<typeof api.agent.statementMonthsExport>,
): Promise<ExportFile> {
  const { list } = await statementMonths(db, caller, q);
  async function* lines() {
    for (const m of list) yield [m.month, cardName(q.lang, m.cardType), ...monthColumns.map((k) => m[k])];
  }
  return {
    name: 'statement-months',
    columns: titlesOf(q.lang, q.timeZone ?? 'UTC', [T.month, T.cardType, ...monthColumns.map((k) => T[k])]),
    rows: lines(),
  };
}
