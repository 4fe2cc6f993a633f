import { and, desc, eq, gte, like, lt } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { historyPage } from '../../db/page.ts';
import { recordings, terminals } from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';

export type NewRecording = typeof recordings.$inferInsert;

export const insertRecording = async (db: Conn, row: NewRecording) =>
  (await db.insert(recordings).values(row).returning({ id: recordings.id }))[0];

const inScope = (scope: Scope) =>
  'orgId' in scope ? eq(recordings.orgId, scope.orgId) : like(recordings.agentPath, `${scope.path}%`);

export interface RecordingFilter {
  orgId?: number;
  groupId?: number;
  terminalId?: number;
  from?: Date;
  to?: Date;
}

const withTerminal = { r: recordings, terminalName: terminals.name, ssid: terminals.ssid };

export async function listRecordings(db: Conn, scope: Scope, f: RecordingFilter, page: number, size: number) {
  const where = and(
    inScope(scope),
    f.orgId !== undefined ? eq(recordings.orgId, f.orgId) : undefined,
    f.groupId !== undefined ? eq(recordings.groupId, f.groupId) : undefined,
    f.terminalId !== undefined ? eq(recordings.terminalId, f.terminalId) : undefined,
    f.from ? gte(recordings.startedAt, f.from) : undefined,
    f.to ? lt(recordings.startedAt, f.to) : undefined,
  );
  const order = [desc(recordings.startedAt), desc(recordings.id)];
  return historyPage(db, recordings.id, where, order, page, size, (onRows) =>
    db
      .select(withTerminal)
      .from(recordings)
      .innerJoin(terminals, eq(terminals.id, recordings.terminalId))
      .where(onRows)
      .orderBy(...order),
  );
}

export const findRecordingIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await db
      .select(withTerminal)
      .from(recordings)
      .innerJoin(terminals, eq(terminals.id, recordings.terminalId))
      .where(and(eq(recordings.id, id), inScope(scope)))
      .limit(1)
  )[0];
