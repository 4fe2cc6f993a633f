import type { Conn } from '../../db/client.ts';
import { type Caller, isOrg } from '../../http/caller.ts';
import * as repo from './repository.ts';

/** Unprocessed SOS records: a company's own, or all of an agent's subtree. */
export const untreatedCount = (db: Conn, caller: Caller) =>
  isOrg(caller) ? repo.countUntreatedOfOrg(db, caller.id) : repo.countUntreatedUnder(db, caller.path);

export interface RaiseInput {
  orgId: number;
  agentPath: string;
  terminalId: number;
  lat?: number;
  lng?: number;
}

export const raise = (db: Conn, input: RaiseInput) => repo.insertSos(db, { ...input, status: 0 });
