import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
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
 * group of a big company reads its own members only. The joined rows are sought from `after` too:
 * PostgreSQL does not carry the bound across the join, and without it a merge with those tables' keys
 * reads them from their first terminal up to `after`, so a page cost more the further into the company
 * it was.
 */
export function fleet(db: Conn, orgId: number, groupId: number | undefined, after: number, limit: number) {
  const base = db.select(columns).from(terminals);
  const read =
    groupId === undefined
      ? base.$dynamic()
      : base
          .innerJoin(
            groupMembers,
            and(eq(groupMembers.groupId, groupId), eq(groupMembers.terminalId, terminals.id)),
          )
          .$dynamic();
  const id = groupId === undefined ? terminals.id : groupMembers.terminalId;
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
    .where(and(eq(terminals.orgId, orgId), gt(id, after)))
    .orderBy(asc(id))
    .limit(limit);
}
