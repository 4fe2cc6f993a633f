import type { Conn } from '../../db/client.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import * as live from '../live/service.ts';
import * as repo from './repository.ts';

/** Unprocessed SOS records: a company's own, or all of an agent's subtree. */
export const untreatedCount = (db: Conn, caller: Caller) => repo.countUntreated(db, scopeOf(caller));

export interface RaiseInput {
  orgId: number;
  agentPath: string;
  terminalId: number;
  lat?: number;
  lng?: number;
}

/** Raises an alarm and tells the live stream, with the names it shows, in one transaction. */
export const raise = (db: Conn, input: RaiseInput) =>
  db.transaction(async (tx) => {
    const row = await repo.insertSos(tx, { ...input, status: 0 });
    const named = await repo.findSosIn(tx, { orgId: row.orgId }, row.id);
    await live.publish(tx, {
      type: 'sos.raised',
      orgId: row.orgId,
      agentPath: row.agentPath,
      at: row.createdAt,
      data: {
        id: row.id,
        terminal_id: row.terminalId,
        terminal_name: named?.terminalName ?? '',
        ssid: named?.ssid ?? '',
        org_name: named?.orgName ?? '',
        lat: row.lat,
        lng: row.lng,
      },
    });
    return row;
  });
