import {
  AuditTitles as A,
  type AuditTarget,
  AuditTargets,
  type api,
  ColumnTitles as C,
  type DataOf,
  type DeclaredTarget,
  type Endpoint,
  isAudited,
  type ParsedParamsOf,
  Role,
} from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import { cellsOf, type ExportFile, titlesOf } from '../../http/export.ts';
import { isSecretName } from '../../http/redact.ts';
import type { AuditNote, Ctx } from '../../http/route.ts';
import { addDays, localDateTime, startOfDay } from '../../lib/zoned-time.ts';
import * as repo from './repository.ts';

type Fields = Record<string, unknown>;
type ById = Record<string, Fields>;

/** Parameters that name a call's target record, per kind, the first present one counting. */
const idKeys: Record<AuditTarget, string[]> = {
  agent: ['id', 'agentId'],
  org: ['id', 'orgId'],
  terminal: ['id', 'ids'],
  group: ['id'],
  fence: ['id'],
  sos: ['id', 'ids'],
  feedback: [],
};

const isTarget = (s: string): s is AuditTarget => (AuditTargets as readonly string[]).includes(s);
const idsIn = (v: unknown): number[] =>
  typeof v === 'number' ? [v] : Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];

/**
 * The records a call changes: the signed-in account for the profile's calls, otherwise the record of
 * the path's domain that the parameters name (none: a creation, whose ids its answer gives).
 */
export function targetOf(path: string, params: Fields, caller: Caller) {
  const domain = path.split('/')[2] ?? '';
  if (domain === 'profile' || domain === 'jsp')
    return { kind: (caller.role === Role.agent ? 'agent' : 'org') as AuditTarget, ids: [caller.id] };
  if (!isTarget(domain)) return undefined;
  const key = idKeys[domain].find((k) => params[k] !== undefined);
  // A company's own record when it names none.
  const own = domain === 'org' && caller.role === Role.org ? [caller.id] : [];
  return { kind: domain, ids: key ? idsIn(params[key]) : own };
}

/** The ids a creation answers with: `{ id }` or `{ created: [{ id }] }`. */
export function createdIds(data: unknown): number[] {
  if (!data || typeof data !== 'object') return [];
  const d = data as { id?: unknown; created?: unknown };
  if (typeof d.id === 'number') return [d.id];
  return Array.isArray(d.created) ? d.created.flatMap((c) => idsIn((c as { id?: unknown })?.id)) : [];
}

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
    actorRole: caller.role,
    actorId: caller.id,
    actorAccount: await repo.accountOf(tx, caller.role, caller.id),
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

/**
 * Runs a call and, when the contract says it changes something and it succeeded, writes its audit row
 * in a statement of its own (the endpoints whose services do not yet write it in their change). The row is written after the answer is decided: a failure to write it is
 * logged, never turned into a failed answer for a change that was made.
 */
export async function audited<E extends Endpoint>(
  endpoint: E,
  ctx: Ctx<E>,
  run: () => Promise<DataOf<E>>,
): Promise<DataOf<E>> {
  const caller = ctx.caller as Caller | undefined;
  if (!caller || !isAudited(endpoint)) return run();
  const params = ctx.params as ParsedParamsOf<E> & Fields;
  const target = targetOf(endpoint.path, params, caller);
  const before = target ? await repo.snapshot(ctx.db, target.kind, target.ids) : new Map();
  const data = await run();
  try {
    const ids = target?.ids.length ? target.ids : createdIds(data);
    const after = target ? await repo.snapshot(ctx.db, target.kind, ids) : new Map();
    await repo.insertAudit(ctx.db, {
      actorRole: caller.role,
      actorId: caller.id,
      actorAccount: await repo.accountOf(ctx.db, caller.role, caller.id),
      orgId: caller.role === Role.org ? caller.id : null,
      agentPath: caller.path,
      ip: ctx.ip,
      action: endpoint.path,
      targetKind: target?.kind ?? null,
      targetIds: ids,
      ...changes(before, after),
      params: recordable(params) as Fields,
    });
  } catch (err) {
    ctx.req.log.error({ err, action: endpoint.path }, 'audit row not written');
  }
  return data;
}

const nextDay = (day: string) => addDays(day, 1);

export interface ListQuery {
  page: number;
  size: number;
  actor?: string;
  action?: string;
  orgId?: number;
  from?: string;
  to?: string;
  timeZone?: string;
}

type Filter = Omit<ListQuery, 'page' | 'size'>;

/** The list's filter as the repository reads it; a company's filter may name no other company. */
function filterOf(caller: Caller, q: Filter, fallbackZone: string): repo.AuditFilter {
  if (q.orgId !== undefined && caller.role === Role.org && q.orgId !== caller.id) throw notFound();
  const zone = q.timeZone ?? fallbackZone;
  return {
    actor: q.actor,
    action: q.action,
    orgId: q.orgId,
    from: q.from ? startOfDay(q.from, zone) : undefined,
    to: q.to ? startOfDay(nextDay(q.to), zone) : undefined,
  };
}

/** The audit rows the caller may see, newest first. */
export async function list(db: Db, caller: Caller, q: ListQuery, fallbackZone: string) {
  const filter = filterOf(caller, q, fallbackZone);
  const { list, total } = await repo.listAudit(db, scopeOf(caller), filter, q.page, q.size);
  return {
    list: list.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor_role: r.actorRole,
      actor_id: r.actorId,
      actor_account: r.actorAccount,
      org_id: r.orgId,
      ip: r.ip,
      action: r.action,
      target_kind: isTarget(r.targetKind ?? '') ? (r.targetKind as AuditTarget) : null,
      target_ids: r.targetIds,
      before: r.before ?? null,
      after: r.after ?? null,
      cards: r.cards ?? null,
      params: r.params,
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** The audit list's filter as a file: before, after and what was sent as JSON. */
export function exportList(
  db: Db,
  caller: Caller,
  q: ParsedParamsOf<typeof api.audit.export>,
  fallbackZone: string,
): ExportFile {
  const filter = filterOf(caller, q, fallbackZone);
  const zone = q.timeZone ?? fallbackZone;
  return {
    name: 'audit',
    columns: titlesOf(q.lang, zone, [
      { time: C.time },
      A.actor,
      A.role,
      A.ip,
      A.action,
      A.target,
      A.before,
      A.after,
      A.params,
    ]),
    rows: cellsOf(repo.listAudit.each(db, scopeOf(caller), filter), (r) => [
      localDateTime(r.at, zone),
      r.actorAccount,
      (r.actorRole === Role.agent ? C.agent : C.company)[q.lang],
      r.ip,
      r.action,
      r.targetKind ? `${r.targetKind} ${r.targetIds.join(',')}` : null,
      json(r.before),
      json(r.after),
      json(r.params),
    ]),
  };
}
