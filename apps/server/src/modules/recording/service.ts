import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type api, ColumnTitles as C, type ParsedParamsOf } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { Device } from '../../http/caller.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { functionInactive, invalid, notFound, ruleBroken } from '../../http/errors.ts';
import { type ExportFile, type TimedColumns, timedFile } from '../../http/export.ts';
import type { MediaFile } from '../../http/media.ts';
import { pageOf } from '../../http/page.ts';
import * as throttle from '../../lib/rate-limit.ts';
import { daysAgo, filterRange, localDateTime } from '../../lib/zoned-time.ts';
import * as groups from '../group/service.ts';
import { isPlausibleTime } from '../location/service.ts';
import * as repo from './repository.ts';
import { contentHolds, sniffAudio } from './sniff.ts';
import * as storage from './storage.ts';

/** Talk bursts a terminal may send in a minute: a radio in a busy group talks a few times a minute. */
const perTerminal = (terminalId: number): throttle.Limit => ({
  key: `recording:${terminalId}`,
  max: 20,
  windowSeconds: 60,
});

/**
 * Stores a talk burst: the group must be one of the terminal's company and have it as a member (any
 * other group answers like a missing one); the audio goes to disk first and
 * the row is written only once the file is in place, and a failure removes what was written.
 */
export async function upload(
  db: Conn,
  config: Config,
  device: Device,
  p: ParsedParamsOf<typeof api.device.recording>,
  body: Readable,
) {
  // A terminal without an active Recording function keeps no talk; refused before the audio is read.
  if (!device.recording) throw functionInactive('recording');
  if (!isPlausibleTime(p.start)) throw invalid('invalidParams', { field: 'start' });
  const group = await groups.findOfOrg(db, device.orgId, p.groupId);
  if (!group || !(await groups.isMember(db, group.id, device.terminalId))) throw notFound();
  await throttle.take(db, perTerminal(device.terminalId));
  const dir = config.RECORDINGS_DIR;
  const got = await storage.receive(dir, body, config.RECORDING_MAX_BYTES);
  const format = sniffAudio(got.head);
  if (!format || !contentHolds(got.head, format, got.size)) {
    await storage.discard(got.temp);
    throw invalid('audioUnsupported');
  }
  const month = p.start.toISOString().slice(0, 7);
  const file = `${device.orgId}/${month}/${randomBytes(12).toString('hex')}.${format.ext}`;
  try {
    await storage.keep(dir, got.temp, file);
    return await db.transaction(async (tx) => {
      // The terminal's uploads are counted one at a time: parallel ones cannot all fit the same room.
      await repo.lockTerminal(tx, device.terminalId);
      const stored = await repo.bytesSince(tx, device.terminalId, daysAgo(1));
      if (stored + got.size > config.RECORDING_TERMINAL_DAILY_BYTES) throw ruleBroken('recordingQuota');
      return repo.insertRecording(tx, {
        orgId: device.orgId,
        agentPath: device.agentPath,
        terminalId: device.terminalId,
        groupId: group.id,
        groupName: group.name,
        startedAt: p.start,
        durationMs: Math.round(p.duration * 1000),
        contentType: format.type,
        size: got.size,
        file,
      });
    });
  } catch (e) {
    await storage.discard(got.temp);
    await storage.discard(storage.pathOf(dir, file));
    throw e;
  }
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findRecordingIn>>>;

const item = ({ r, terminalName, ssid, orgName }: Row) => ({
  id: r.id,
  org_id: r.orgId,
  org_name: orgName,
  terminal_id: r.terminalId,
  terminal_name: terminalName,
  ssid,
  group_id: r.groupId,
  group_name: r.groupName,
  started_at: r.startedAt.toISOString(),
  duration: r.durationMs / 1000,
  content_type: r.contentType,
  size: r.size,
});

export async function list(
  db: Conn,
  config: Config,
  caller: Caller,
  q: ParsedParamsOf<typeof api.recording.list>,
) {
  const filter = { ...q, ...filterRange(q, config.TIME_ZONE) };
  const { list, total } = await repo.listRecordings(db, scopeOf(caller), filter, q.page, q.size);
  return pageOf(q, { list, total }, item);
}

/** The recording list's filter as a file: each recording's metadata, not its sound. */
export function exportList(
  db: Conn,
  config: Config,
  caller: Caller,
  q: ParsedParamsOf<typeof api.recording.export>,
): ExportFile {
  const zone = q.timeZone ?? config.TIME_ZONE;
  const filter = { ...q, ...filterRange(q, config.TIME_ZONE) };
  const columns: TimedColumns = [C.time, C.ssid, C.terminal, C.company, C.group, C.duration, C.size];
  return timedFile(
    'recordings',
    q.lang,
    zone,
    columns,
    repo.listRecordings.each(db, scopeOf(caller), filter),
    (row) => {
      const r = item(row);
      return [
        localDateTime(row.r.startedAt, zone),
        r.ssid,
        r.terminal_name,
        r.org_name,
        r.group_name,
        r.duration,
        r.size,
      ];
    },
  );
}

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', '_').replaceAll(':', '-');

/** A recording in scope as a file to stream; a row whose file is gone answers like a missing record. */
export async function file(
  db: Conn,
  config: Config,
  caller: Caller,
  id: number,
  disposition: MediaFile['disposition'],
): Promise<MediaFile> {
  const row = await repo.findRecordingIn(db, scopeOf(caller), id);
  if (!row) throw notFound();
  const size = await storage.sizeOf(config.RECORDINGS_DIR, row.r.file);
  if (size === null || size === 0) throw notFound();
  const ext = row.r.file.slice(row.r.file.lastIndexOf('.'));
  return {
    type: row.r.contentType,
    size,
    filename: `${row.terminalName}_${stamp(row.r.startedAt)}${ext}`,
    disposition,
    open: (start, end) => storage.openRange(config.RECORDINGS_DIR, row.r.file, start, end),
  };
}
