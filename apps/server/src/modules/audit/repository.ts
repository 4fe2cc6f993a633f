import type { AuditTarget } from '@ptt/contract';
import { and, arrayContains, eq, getTableColumns, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { filteredPages } from '../../db/page.ts';
import { agents, auditLog, fences, groups, orgs, sosRecords, terminals } from '../../db/schema.ts';
import { type Scope, scopeKey } from '../../http/caller.ts';

export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'actorAccount'>;

/**
 * Writes an audit row with the actor's account name as it is in the transaction, read by the insert
 * itself: a change holds its locks until it commits, so its audit row costs it one statement, not two.
 */
export const insertAudit = (db: Conn, row: NewAuditRow) => {
  const table = row.actorRole === 0 ? agents : orgs;
  const account = db.select({ account: table.account }).from(table).where(eq(table.id, row.actorId));
  return db.insert(auditLog).values({ ...row, actorAccount: sql`coalesce(${account}, '')` });
};

/**
 * The names of records by id, one query for a kind: a SOS alarm by its user's name. A kind without a
 * name of its own (feedback) has none.
 */
const nameReaders: Partial<
  Record<AuditTarget, (db: Conn, ids: number[]) => Promise<{ id: number; name: string }[]>>
> = {
  agent: (db, ids) =>
    db.select({ id: agents.id, name: agents.name }).from(agents).where(inArray(agents.id, ids)),
  org: (db, ids) => db.select({ id: orgs.id, name: orgs.name }).from(orgs).where(inArray(orgs.id, ids)),
  terminal: (db, ids) =>
    db.select({ id: terminals.id, name: terminals.name }).from(terminals).where(inArray(terminals.id, ids)),
  group: (db, ids) =>
    db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, ids)),
  fence: (db, ids) =>
    db.select({ id: fences.id, name: fences.name }).from(fences).where(inArray(fences.id, ids)),
  sos: (db, ids) =>
    db
      .select({ id: sosRecords.id, name: terminals.name })
      .from(sosRecords)
      .innerJoin(terminals, eq(terminals.id, sosRecords.terminalId))
      .where(inArray(sosRecords.id, ids)),
};

/** The names of the records of one kind that exist, by id. */
export async function namesOf(db: Conn, kind: AuditTarget, ids: number[]) {
  const read = nameReaders[kind];
  if (!read || ids.length === 0) return new Map<number, string>();
  return new Map((await read(db, ids)).map((r) => [Number(r.id), r.name]));
}

/** A company's rows are the changes to its records, whoever made them; an agent's, those it and its own made. */
/** A company's rows: those naming it among the companies they touched, or (written before that list) as their one. */
const ofCompany = (id: number) => or(eq(auditLog.orgId, id), arrayContains(auditLog.orgIds, [id]));

const inScope = {
  org: ofCompany,
  sub: (path: string) => eq(auditLog.agentPath, path),
  top: (path: string) => eq(auditLog.topPath, path),
};

export interface AuditFilter {
  actor?: string;
  action?: string;
  orgId?: number;
  target?: { kind: AuditTarget; id: number };
  from?: Date;
  to?: Date;
}

/** A history, newest first: its total is read, not counted. */
export const listAudit = filteredPages({
  table: auditLog,
  scope: (scope: Scope) => {
    const { kind, value } = scopeKey(scope);
    return kind === 'org' ? inScope.org(value as number) : inScope[kind](value as string);
  },
  filters: {
    actor: (v: string) => eq(auditLog.actorAccount, v),
    action: (v: string) => eq(auditLog.action, v),
    orgId: ofCompany,
    target: (v: { kind: AuditTarget; id: number }) =>
      and(eq(auditLog.targetKind, v.kind), arrayContains(auditLog.targetIds, [v.id])),
    from: (v: Date) => gte(auditLog.at, v),
    to: (v: Date) => lt(auditLog.at, v),
  },
  order: [{ desc: auditLog.at }, { desc: auditLog.id }],
  total: 'read',
  rows: (db: Conn, place) =>
    db
      .select({ ...getTableColumns(auditLog), ...place })
      .from(auditLog)
      .$dynamic(),
});
