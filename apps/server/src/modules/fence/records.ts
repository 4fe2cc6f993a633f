import { type api, ColumnTitles as C, ExportWords, FenceTrigger, type ParsedParamsOf } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { type ExportFile, type TimedColumns, timedFile } from '../../http/export.ts';
import { pageOf } from '../../http/page.ts';
import { filterRange, localDateTime } from '../../lib/zoned-time.ts';
import * as repo from './record-repository.ts';

export async function records(
  db: Conn,
  config: Config,
  caller: Caller,
  q: ParsedParamsOf<typeof api.fence.records>,
) {
  const { list, total } = await repo.listRecords(
    db,
    scopeOf(caller),
    { ...q, ...filterRange(q, config.TIME_ZONE) },
    q.page,
    q.size,
  );
  return pageOf(q, { list, total }, ({ r, terminalName, ssid, orgName }) => ({
    id: r.id,
    fence_id: r.fenceId,
    fence_name: r.fenceName,
    org_id: r.orgId,
    org_name: orgName,
    terminal_id: r.terminalId,
    terminal_name: terminalName,
    ssid,
    kind: r.kind,
    lat: r.lat,
    lng: r.lng,
    at: r.at.toISOString(),
  }));
}

const triggerWord = Object.fromEntries(Object.entries(FenceTrigger).map(([word, kind]) => [kind, word]));

/** The fence record's filter as a file. */
export function exportRecords(
  db: Conn,
  config: Config,
  caller: Caller,
  q: ParsedParamsOf<typeof api.fence.exportRecords>,
): ExportFile {
  const zone = q.timeZone ?? config.TIME_ZONE;
  const words = ExportWords[q.lang];
  const filter = { ...q, ...filterRange(q, config.TIME_ZONE) };
  const columns: TimedColumns = [
    C.time,
    C.company,
    C.fence,
    C.trigger,
    C.ssid,
    C.terminal,
    C.latitude,
    C.longitude,
  ];
  const rows = repo.listRecords.each(db, scopeOf(caller), filter);
  return timedFile('fence-alarms', q.lang, zone, columns, rows, ({ r, terminalName, ssid, orgName }) => [
    localDateTime(r.at, zone),
    orgName,
    r.fenceName,
    words[triggerWord[r.kind] ?? ''] ?? r.kind,
    ssid,
    terminalName,
    r.lat,
    r.lng,
  ]);
}
