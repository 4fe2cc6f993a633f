import { and, eq, gte, lt, sum } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { byCompanyOrPath, type Filters, filteredPages } from '../../db/page.ts';
import { orgs, recordings, terminals } from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';

export type NewRecording = typeof recordings.$inferInsert;

/** Locks the terminal's row: its uploads are checked against its quota one at a time. */
export const lockTerminal = (db: Conn, terminalId: number) =>
  db.select({ id: terminals.id }).from(terminals).where(eq(terminals.id, terminalId)).for('no key update');

/** Bytes of audio a terminal has stored since `since`. */
export const bytesSince = async (db: Conn, terminalId: number, since: Date) =>
  Number(
    (
      await db
        .select({ bytes: sum(recordings.size) })
        .from(recordings)
        .where(and(eq(recordings.terminalId, terminalId), gte(recordings.createdAt, since)))
    )[0]?.bytes ?? 0,
  );

export const insertRecording = async (db: Conn, row: NewRecording) =>
  (await db.insert(recordings).values(row).returning({ id: recordings.id }))[0];

const inScope = byCompanyOrPath(recordings.orgId, recordings.agentPath);

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

const order = [{ desc: recordings.startedAt }, { desc: recordings.id }];

export const listRecordings = filteredPages({
  table: recordings,
  scope: inScope,
  filters: {
    orgId: (v: number) => eq(recordings.orgId, v),
    groupId: (v: number) => eq(recordings.groupId, v),
    terminalId: (v: number) => eq(recordings.terminalId, v),
    from: (v: Date) => gte(recordings.startedAt, v),
    to: (v: Date) => lt(recordings.startedAt, v),
  } satisfies Filters<RecordingFilter>,
  order,
  total: 'read',
  rows: (db, place) =>
    db
      .select({ ...withTerminal, ...place })
      .from(recordings)
      .innerJoin(terminals, eq(terminals.id, recordings.terminalId))
      .innerJoin(orgs, eq(orgs.id, recordings.orgId))
      .$dynamic(),
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
