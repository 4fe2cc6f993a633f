import { type api, ColumnTitles as C, ExportWords, type ParsedParamsOf } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { type Caller, isOrg, scopeOf } from '../../http/caller.ts';
import { notFound, ruleBroken } from '../../http/errors.ts';
import { type ExportFile, type TimedColumns, timedFile } from '../../http/export.ts';
import { pageOf } from '../../http/page.ts';
import type { AuditNote, Change } from '../../http/route.ts';
import { filterRange, localDateTime } from '../../lib/zoned-time.ts';
import * as agents from '../agent/service.ts';
import * as live from '../live/service.ts';
import { addressOf } from '../location/service.ts';
import * as orgs from '../org/service.ts';
import * as repo from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findSosIn>>>;

const record = ({ s, terminalName, ssid, orgName }: Row) => ({
  id: s.id,
  terminal_id: s.terminalId,
  terminal_name: terminalName,
  ssid,
  org_id: s.orgId,
  org_name: orgName,
  lat: s.lat,
  lng: s.lng,
  status: s.status,
  processor: s.processor,
  processed_at: s.processedAt?.toISOString() ?? null,
  remark: s.remark,
  false_alarm: s.falseAlarm ? (1 as const) : (0 as const),
  created_at: s.createdAt.toISOString(),
});

export async function list(db: Conn, config: Config, caller: Caller, q: ParsedParamsOf<typeof api.sos.list>) {
  const filter = { ...q, ...filterRange(q, config.TIME_ZONE) };
  const { list, total } = await repo.listSos(db, scopeOf(caller), filter, q.page, q.size);
  return pageOf(q, { list, total }, record);
}

/** The SOS list's filter as a file. */
export function exportList(
  db: Conn,
  config: Config,
  caller: Caller,
  q: ParsedParamsOf<typeof api.sos.export>,
): ExportFile {
  const zone = q.timeZone ?? config.TIME_ZONE;
  const words = ExportWords[q.lang];
  const filter = { ...q, ...filterRange(q, config.TIME_ZONE) };
  const columns: TimedColumns = [
    C.time,
    C.ssid,
    C.terminal,
    C.company,
    C.latitude,
    C.longitude,
    C.status,
    C.falseAlarm,
    C.processor,
    { time: C.processedAt },
    C.remark,
  ];
  const rows = repo.listSos.each(db, scopeOf(caller), filter);
  return timedFile('sos', q.lang, zone, columns, rows, ({ s, terminalName, ssid, orgName }) => [
    localDateTime(s.createdAt, zone),
    ssid,
    terminalName,
    orgName,
    s.lat,
    s.lng,
    s.status === 1 ? words.processed : words.unprocessed,
    s.falseAlarm ? words.yes : words.no,
    s.processor,
    s.processedAt ? localDateTime(s.processedAt, zone) : null,
    s.remark,
  ]);
}

async function sosInScope(db: Conn, caller: Caller, id: number) {
  const row = await repo.findSosIn(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return row;
}

export async function detail(
  db: Conn,
  config: Config,
  caller: Caller,
  p: ParsedParamsOf<typeof api.sos.detail>,
) {
  const row = await sosInScope(db, caller, p.id);
  const { lat, lng } = row.s;
  const address = lat !== null && lng !== null ? await addressOf(db, config, lat, lng, p.lang) : null;
  return { ...record(row), address };
}

/** The name the record shows as its processor: the company's or the agent's. */
async function nameOf(db: Conn, caller: Caller) {
  const who = isOrg(caller) ? await orgs.findById(db, caller.id) : await agents.findById(db, caller.id);
  return who?.name ?? '';
}

const processingOf = (processor: string, p: { remark: string; falseAlarm?: number }) => ({
  processor,
  remark: p.remark,
  falseAlarm: p.falseAlarm === 1,
});

export async function process(
  db: Conn,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.sos.process>,
) {
  const processing = processingOf(await nameOf(db, caller), p);
  return change(async (tx, note) => {
    await processLocked(tx, caller, [p.id], processing, note);
    return record(await sosInScope(tx, caller, p.id));
  });
}

/**
 * Processes several alarms with one remark, all or none: the alarms are locked in id order, then every
 * one must be in scope (else 40401, as for one) and unprocessed (else 42201 naming those that are not).
 */
export async function processBatch(
  db: Conn,
  change: Change,
  caller: Caller,
  p: ParsedParamsOf<typeof api.sos.processBatch>,
) {
  const processing = processingOf(await nameOf(db, caller), p);
  return change(async (tx, note) => ({
    processed: await processLocked(tx, caller, p.ids, processing, note),
  }));
}

/**
 * Processes alarms held in id order (overlapping calls queue on their first shared alarm and each reads
 * what the one before left), tells the consoles, and notes each alarm's status before → after.
 */
async function processLocked(
  tx: Conn,
  caller: Caller,
  wanted: number[],
  processing: repo.Processing,
  note: (n: AuditNote) => void,
) {
  const ids = [...new Set(wanted)].sort((a, b) => a - b);
  const rows = await repo.lockSosIn(tx, scopeOf(caller), ids);
  if (rows.length !== ids.length) throw notFound();
  const done = rows.filter((r) => r.status !== 0).map((r) => r.id);
  if (done.length > 0)
    throw ids.length === 1 ? ruleBroken('sosProcessed') : ruleBroken('sosBatchProcessed', { ids: done });
  const processed = await repo.markAllProcessed(tx, ids, processing);
  await live.publishMany(
    tx,
    rows.map((r) => ({
      type: 'sos.processed' as const,
      orgId: r.orgId,
      agentPath: r.agentPath,
      data: { id: r.id, terminal_id: r.terminalId, processor: processing.processor },
    })),
  );
  note({
    targetIds: ids,
    orgIds: rows.map((r) => r.orgId),
    before: Object.fromEntries(rows.map((r) => [r.id, { status: r.status }])),
    after: Object.fromEntries(rows.map((r) => [r.id, { status: 1, ...processing }])),
  });
  return processed;
}
