import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { windowParam } from '../../db/page.ts';
import { preparedBy } from '../../db/prepared.ts';
import {
  groupMembers,
  sosRecords,
  terminalPositionsLast,
  terminalPresence,
  terminals,
} from '../../db/schema.ts';

const columns = {
  id: terminals.id,
  name: terminals.name,
  ssid: terminals.ssid,
  lat: terminalPositionsLast.lat,
  lng: terminalPositionsLast.lng,
  at: terminalPositionsLast.at,
  speed: terminalPositionsLast.speed,
  online: terminalPresence.online,
  // Per row on the terminal's index of SOS: a page costs the same whatever the company's SOS history.
  sos: sql<boolean>`exists (select 1 from ${sosRecords} where ${sosRecords.terminalId} = ${terminals.id} and ${sosRecords.status} = 0)`,
};

/**
 * A page of a company's fleet, `limit` terminals after the id `after` in id order, each joined by primary
 * key to its last position (kept in this company) and presence. The company's terminals are read on
 * their (org_id, id) index from `after`; a group's on its members' (group_id, terminal_id) key, so a small
 * group of a big company reads its own members only. There the company is checked on each row
 * (`org_id + 0`): a generic plan takes any company for a small one and would rather walk the company's
 * index from `after` to meet the group's members. The joined rows are sought from `after` too: PostgreSQL
 * merges the pages' rows with those tables' keys, and without that bound it reads them from their first
 * terminal up to `after`, so a page cost more the further into the company it was.
 */
const fleetOf = preparedBy((db: Conn, inGroup: boolean) => {
  const after = sql.placeholder('after');
  const orgId = sql.placeholder('orgId');
  const base = db.select(columns).from(terminals);
  const read = inGroup
    ? base
        .innerJoin(
          groupMembers,
          and(
            eq(groupMembers.groupId, sql.placeholder('groupId')),
            eq(groupMembers.terminalId, terminals.id),
          ),
        )
        .$dynamic()
    : base.$dynamic();
  return read
    .leftJoin(
      terminalPositionsLast,
      and(
        eq(terminalPositionsLast.terminalId, terminals.id),
        eq(terminalPositionsLast.orgId, terminals.orgId),
        gt(terminalPositionsLast.terminalId, after),
      ),
    )
    .leftJoin(
      terminalPresence,
      and(eq(terminalPresence.terminalId, terminals.id), gt(terminalPresence.terminalId, after)),
    )
    .where(
      inGroup
        ? and(gt(groupMembers.terminalId, after), sql`${terminals.orgId} + 0 = ${orgId}`)
        : and(eq(terminals.orgId, orgId), gt(terminals.id, after)),
    )
    .orderBy(asc(inGroup ? groupMembers.terminalId : terminals.id))
    .limit(windowParam('limit'))
    .prepare(inGroup ? 'fleet_group' : 'fleet');
});

export const fleet = (db: Conn, orgId: number, groupId: number | undefined, after: number, limit: number) =>
  fleetOf(db, groupId !== undefined).execute({ orgId, groupId, after, limit });
