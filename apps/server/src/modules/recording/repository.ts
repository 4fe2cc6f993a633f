import { and, desc, eq, gte, like, lt } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { byCompanyOrPathPrefix, filteredPages } from '../../db/page.ts';
import { orgs, recordings, terminals } from '../../db/schema.ts';
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

/** A recording with its terminal and company by name: an agent's rows say whose talk it is. */
const withTerminal = {
  r: recordings,
  terminalName: terminals.name,
  ssid: terminals.ssid,
  orgName: orgs.name,
};

const order = [desc(recordings.startedAt), desc(recordings.id)];

export const listRecordings = filteredPages({
  name: 'recordings',
  id: recordings.id,
  order,
  total: 'read',
  ...byCompanyOrPathPrefix(recordings.orgId, recordings.agentPath),
  filters: {
    orgId: (v) => eq(recordings.orgId, v),
    groupId: (v) => eq(recordings.groupId, v),
    terminalId: (v) => eq(recordings.terminalId, v),
    from: (v) => gte(recordings.startedAt, v),
    to: (v) => lt(recordings.startedAt, v),
  },
  read: (db, onRows) =>
    db
      .select(withTerminal)
      .from(recordings)
      .innerJoin(terminals, eq(terminals.id, recordings.terminalId))
      .innerJoin(orgs, eq(orgs.id, recordings.orgId))
      .where(onRows)
      .orderBy(...order),
});

export const findRecordingIn = async (db: Conn, scope: Scope, id: number) =>
  (
    await db
      .select(withTerminal)
      .from(recordings)
      .innerJoin(terminals, eq(terminals.id, recordings.terminalId))
      .innerJoin(orgs, eq(orgs.id, recordings.orgId))
      .where(and(eq(recordings.id, id), inScope(scope)))
      .limit(1)
  )[0];
