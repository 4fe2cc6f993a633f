import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { preparedBy } from '../../db/prepared.ts';
import {
  groupMembers,
  sosRecords,
  terminalPositionsLast,
  terminalPresence,
  terminals,
} from '../../db/schema.ts';

/**
 * A company's fleet in one read: its terminals on their company index, each joined by primary key to
 * its last position (kept in this company) and presence, and to the set of its terminals with an
 * unprocessed SOS (read on the SOS list's index). With a group, only the group's members.
 */
const fleetOf = preparedBy((db: Conn, inGroup: boolean) => {
  const openSos = db
    .selectDistinct({ terminalId: sosRecords.terminalId })
    .from(sosRecords)
    .where(and(eq(sosRecords.orgId, sql.placeholder('orgId')), eq(sosRecords.status, 0)))
    .as('open_sos');
  return db
    .select({
      id: terminals.id,
      name: terminals.name,
      ssid: terminals.ssid,
      lat: terminalPositionsLast.lat,
      lng: terminalPositionsLast.lng,
      at: terminalPositionsLast.at,
      speed: terminalPositionsLast.speed,
      online: terminalPresence.online,
      sos: sql<boolean>`${openSos.terminalId} is not null`,
    })
    .from(terminals)
    .leftJoin(
      terminalPositionsLast,
      and(
        eq(terminalPositionsLast.terminalId, terminals.id),
        eq(terminalPositionsLast.orgId, terminals.orgId),
      ),
    )
    .leftJoin(terminalPresence, eq(terminalPresence.terminalId, terminals.id))
    .leftJoin(openSos, eq(openSos.terminalId, terminals.id))
    .where(
      and(
        eq(terminals.orgId, sql.placeholder('orgId')),
        inGroup
          ? sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${sql.placeholder('groupId')} and ${groupMembers.terminalId} = ${terminals.id})`
          : undefined,
      ),
    )
    .orderBy(asc(terminals.id))
    .prepare(inGroup ? 'fleet_group' : 'fleet');
});

export const fleet = (db: Conn, orgId: number, groupId?: number) =>
  fleetOf(db, groupId !== undefined).execute({ orgId, groupId });
