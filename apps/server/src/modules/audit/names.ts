import {
  AuditFields,
  type AuditReader,
  type AuditTarget,
  AuditTargets,
  cardLines,
  fieldLines,
  type Lang,
  lineText,
  Role,
} from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { auditLog } from '../../db/schema.ts';
import { localDateTime } from '../../lib/zoned-time.ts';
import * as repo from './repository.ts';

/*
 * The names a page of audit rows shows, read with the page: the list and its export both need them, and
 * reading them per page (one query per kind of record) rather than per row, and writing a row's changes
 * in the reader's words, are this file's reason to stand beside the service.
 */

export type AuditRow = typeof auditLog.$inferSelect;
type Fields = Record<string, unknown>;
/** Names of records by kind, then id. */
export type Names = Map<AuditTarget, Map<number, string>>;

const isTarget = (s: string | null): s is AuditTarget =>
  (AuditTargets as readonly string[]).includes(s ?? '');

const refKind = (field: string) => {
  const kind = AuditFields[field]?.kind;
  return kind?.as === 'ref' ? kind.kind : undefined;
};

/** The records a row's fields point to (a terminal's company, a group's leader) and the agents whose cards moved. */
function referred(r: AuditRow, add: (kind: AuditTarget, id: unknown) => void) {
  const records = [...Object.values(r.before ?? {}), ...Object.values(r.after ?? {}), r.params];
  for (const fields of records)
    for (const [field, value] of Object.entries((fields ?? {}) as Fields)) {
      const kind = refKind(field);
      if (kind) add(kind, value);
    }
  for (const c of r.cards ?? []) add('agent', c.agent_id);
}

/** Every record a row names: its actor, its targets and those it refers to. */
function named(r: AuditRow, add: (kind: AuditTarget, id: unknown) => void) {
  add(r.actorRole === Role.agent ? 'agent' : 'org', r.actorId);
  if (isTarget(r.targetKind)) for (const id of r.targetIds) add(r.targetKind, id);
  referred(r, add);
}

/** The names of what the rows name, that exist now: one query per kind. */
export async function namesOf(db: Conn, rows: AuditRow[]): Promise<Names> {
  const wanted = new Map<AuditTarget, Set<number>>();
  for (const r of rows)
    named(r, (kind, id) => {
      if (typeof id !== 'number' || !Number.isInteger(id)) return;
      wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id));
    });
  const names: Names = new Map();
  for (const [kind, ids] of wanted) names.set(kind, await repo.namesOf(db, kind, [...ids]));
  return names;
}

/** A name kept in the row itself, for a record that is gone: its fields before (or as created). */
const keptName = (r: AuditRow, id: number) => {
  const name = r.before?.[id]?.name ?? r.after?.[id]?.name;
  return typeof name === 'string' ? name : null;
};

/**
 * What a row names, in words: the actor, each target (existing, or as the row kept it), and by kind the
 * records its fields and balances refer to.
 */
export function namesIn(r: AuditRow, names: Names) {
  const kindOfTarget = isTarget(r.targetKind) ? r.targetKind : undefined;
  const targets = r.targetIds.map((id) => {
    const now = kindOfTarget ? names.get(kindOfTarget)?.get(id) : undefined;
    return { id, name: now ?? keptName(r, id), exists: now !== undefined };
  });
  const own: Record<string, Record<string, string>> = {};
  referred(r, (kind, id) => {
    const name = typeof id === 'number' ? names.get(kind)?.get(id) : undefined;
    if (name !== undefined) own[kind] = { ...own[kind], [String(id)]: name };
  });
  const actor = names.get(r.actorRole === Role.agent ? 'agent' : 'org')?.get(r.actorId);
  return { actorName: actor ?? r.actorAccount, targets, names: own };
}

/** One row as the list answers it, with the names it shows. */
export const recordOf = (r: AuditRow, names: Names) => {
  const named = namesIn(r, names);
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor_role: r.actorRole,
    actor_id: r.actorId,
    actor_account: r.actorAccount,
    actor_name: named.actorName,
    org_id: r.orgId,
    org_ids: r.orgIds,
    ip: r.ip,
    action: r.action,
    target_kind: isTarget(r.targetKind ?? '') ? (r.targetKind as AuditTarget) : null,
    target_ids: r.targetIds,
    targets: named.targets,
    names: named.names,
    before: r.before ?? null,
    after: r.after ?? null,
    cards: r.cards ?? null,
    params: r.params,
  };
};

/** A row's changes as text lines: each target's fields (named when the row has several), then the balances. */
export function changesText(r: ReturnType<typeof recordOf>, reader: AuditReader) {
  const ids = [...new Set([...Object.keys(r.before ?? {}), ...Object.keys(r.after ?? {})])];
  const many = ids.length > 1;
  const lines = ids.flatMap((id) => {
    const own = fieldLines(r.before?.[id], r.after?.[id], reader).map(lineText);
    const name = r.targets.find((t) => String(t.id) === id)?.name ?? `#${id}`;
    return many ? own.map((l) => `${name} · ${l}`) : own;
  });
  return [...lines, ...cardLines(r.cards, reader).map(lineText)].join('\n') || null;
}

/** A reader of rows in an export's language and zone: days as the sheet reads them, times in the zone. */
export const exportReader = (lang: Lang, zone: string, r: ReturnType<typeof recordOf>): AuditReader => ({
  lang,
  day: (d) => d,
  time: (iso) => localDateTime(new Date(iso), zone),
  name: (kind, id) => r.names[kind]?.[String(id)],
});
