import {
  AuditTitles as A,
  type AuditFilterKinds,
  type AuditTarget,
  actionTitle,
  type api,
  ColumnTitles as C,
  type DeclaredTarget,
  type Endpoint,
  fieldLines,
  lineText,
  type ParsedParamsOf,
  Role,
} from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import { type ExportFile, type TimedColumns, timedFile } from '../../http/export.ts';
import { pageOf } from '../../http/page.ts';
import { isSecretName } from '../../http/redact.ts';
import type { AuditNote } from '../../http/route.ts';
import { addDays, localDateTime, startOfDay } from '../../lib/zoned-time.ts';
import { agentInScope, fenceInScope, groupInScope, orgIdInScope, terminalInScope } from '../scope/service.ts';
import { changesText, exportReader, namesOf, recordOf } from './names.ts';
import * as repo from './repository.ts';

type Fields = Record<string, unknown>;
type ById = Record<string, Fields>;

/** Fields an audit row never keeps: secrets and their hashes, session ids, the time of the last edit. */
const hidden = (name: string) => isSecretName(name) || /hash|openid|^updatedAt$/i.test(name);

/** A value as JSON keeps it (dates as ISO strings), secrets left out at every depth. */
export function recordable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(recordable);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k, v]) => !hidden(k) && v !== undefined)
        .map(([k, v]) => [k, recordable(v)]),
    );
  return typeof value === 'bigint' ? String(value) : value;
}

/**
 * Before and after, by id: of a record that stayed, the fields that changed; of a deleted one, all it
 * had; of a created one, all it has. Null when nothing of the targets changed.
 */
export function changes(before: Map<number, Fields>, after: Map<number, Fields>) {
  const b: Record<string, Fields> = {};
  const a: Record<string, Fields> = {};
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const was = recordable(before.get(id)) as Fields | undefined;
    const is = recordable(after.get(id)) as Fields | undefined;
    if (was && is) {
      const changed = Object.keys(is).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(is[k]));
      if (changed.length === 0) continue;
      b[id] = Object.fromEntries(changed.map((k) => [k, was[k] ?? null]));
      a[id] = Object.fromEntries(changed.map((k) => [k, is[k]]));
    } else if (was) b[id] = was;
    else if (is) a[id] = is;
  }
  const none = (x: object) => Object.keys(x).length === 0;
  return { before: none(b) ? null : b, after: none(a) ? null : a };
}

/** The kind a row names: the signed-in account's ('self') is the caller's, an agent or a company. */
const kindOf = (target: DeclaredTarget | undefined, caller: Caller): AuditTarget | null =>
  target === 'self' ? (caller.role === Role.agent ? 'agent' : 'org') : (target ?? null);

/**
 * One record's note of an edit: the fields written that differ from the row as it was locked, before
 * and after (nothing when the edit wrote what was there). Fields left undefined were not written; a
 * secret or its hash is never kept, so a password's change notes its record and no field.
 */
export function edited(id: number, was: Fields, set: Fields): Pick<AuditNote, 'before' | 'after'> {
  const same = (k: string) => JSON.stringify(recordable(was[k])) === JSON.stringify(recordable(set[k]));
  const names = Object.keys(set).filter((k) => set[k] !== undefined && !hidden(k) && !same(k));
  if (names.length === 0) return {};
  return {
    before: { [id]: Object.fromEntries(names.map((k) => [k, was[k] ?? null])) },
    after: { [id]: Object.fromEntries(names.map((k) => [k, set[k]])) },
  };
}

/**
 * Writes the audit row of a change whose endpoint declares its audit, in the change's transaction, from
 * what the service holds under its locks (`note`): a failure here rolls the change back.
 */
export async function write(
  tx: Conn,
  c: { endpoint: Endpoint; caller: Caller; ip: string; params: unknown; note: AuditNote },
) {
  const { endpoint, caller, note } = c;
  const orgs = [...new Set(note.orgIds ?? [])];
  await repo.insertAudit(tx, {
    // Every company whose records changed; a company's own change is always to its records.
    orgIds: caller.role === Role.org ? [...new Set([caller.id, ...orgs])] : orgs,
    actorRole: caller.role,
    actorId: caller.id,
    // The company whose records changed, so that it and its agent's company filter find the row.
    orgId: caller.role === Role.org ? caller.id : orgs.length === 1 ? orgs[0] : null,
    agentPath: caller.path,
    ip: c.ip,
    action: endpoint.path,
    targetKind: kindOf(endpoint.audit?.target, caller),
    targetIds: [...new Set(note.targetIds)],
    before: emptyAsNull(recordable(note.before ?? null) as ById | null),
    after: emptyAsNull(recordable(note.after ?? null) as ById | null),
    cards: note.cards?.length ? note.cards : null,
    params: recordable(c.params) as Fields,
  });
}

const emptyAsNull = <T extends object>(v: T | null) => (v && Object.keys(v).length > 0 ? v : null);

const nextDay = (day: string) => addDays(day, 1);

export interface ListQuery {
  page: number;
  size: number;
  actor?: string;
  action?: string;
  orgId?: number;
  targetKind?: (typeof AuditFilterKinds)[number];
  targetId?: number;
  from?: string;
  to?: string;
  timeZone?: string;
}

type Filter = Omit<ListQuery, 'page' | 'size'>;

/** A record a filter names must be in the caller's scope, as every id a call names (40401 otherwise). */
const filterChecks = {
  agent: agentInScope,
  org: orgIdInScope,
  terminal: terminalInScope,
  group: groupInScope,
  fence: fenceInScope,
} satisfies Partial<Record<AuditTarget, (db: Db, caller: Caller, id: number) => Promise<unknown>>>;

/** The list's filter as the repository reads it; a company's filter may name no other company. */
async function filterOf(db: Db, caller: Caller, q: Filter, fallbackZone: string): Promise<repo.AuditFilter> {
  if (q.orgId !== undefined && caller.role === Role.org && q.orgId !== caller.id) throw notFound();
  const target =
    q.targetKind !== undefined && q.targetId !== undefined
      ? { kind: q.targetKind, id: q.targetId }
      : undefined;
  if (target) await filterChecks[target.kind](db, caller, target.id);
  const zone = q.timeZone ?? fallbackZone;
  return {
    actor: q.actor,
    action: q.action,
    orgId: q.orgId,
    target,
    from: q.from ? startOfDay(q.from, zone) : undefined,
    to: q.to ? startOfDay(nextDay(q.to), zone) : undefined,
  };
}

/** The audit rows the caller may see, newest first, with the names they show read once for the page. */
export async function list(db: Db, caller: Caller, q: ListQuery, fallbackZone: string) {
  const filter = await filterOf(db, caller, q, fallbackZone);
  const { list, total } = await repo.listAudit(db, scopeOf(caller), filter, q.page, q.size);
  const names = await namesOf(db, list);
  return pageOf(q, { list, total }, (r) => recordOf(r, names));
}

/** The rows of an export, a batch at a time, each batch's names read at once. */
async function* recordsOf(db: Db, caller: Caller, filter: repo.AuditFilter) {
  for await (const rows of repo.listAudit.batches(db, scopeOf(caller), filter)) {
    const names = await namesOf(db, rows);
    for (const r of rows) yield { row: r, record: recordOf(r, names) };
  }
}

/** The audit list's filter as a file, in the reader's language: its actions, names and changes in words. */
export async function exportList(
  db: Db,
  caller: Caller,
  q: ParsedParamsOf<typeof api.audit.export>,
  fallbackZone: string,
): Promise<ExportFile> {
  const filter = await filterOf(db, caller, q, fallbackZone);
  const zone = q.timeZone ?? fallbackZone;
  const columns: TimedColumns = [
    C.time,
    A.actor,
    A.actorName,
    A.role,
    A.ip,
    A.action,
    A.target,
    A.changes,
    A.params,
  ];
  return timedFile('audit', q.lang, zone, columns, recordsOf(db, caller, filter), ({ row, record }) => {
    const reader = exportReader(q.lang, zone, record);
    const sent = record.before || record.after ? [] : fieldLines(undefined, record.params, reader);
    return [
      localDateTime(row.at, zone),
      record.actor_account,
      record.actor_name,
      (row.actorRole === Role.agent ? C.agent : C.company)[q.lang],
      record.ip,
      actionTitle(record.action, q.lang, record.target_ids.length),
      record.targets.map((t) => t.name ?? `#${t.id}`).join(', ') || null,
      changesText(record, reader),
      sent.map(lineText).join('\n') || null,
    ];
  });
}
