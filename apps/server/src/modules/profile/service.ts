import type { Conn } from '../../db/client.ts';
import { type Caller, isOrg } from '../../http/caller.ts';
import * as repo from './repository.ts';

/** The four counts, scoped: an agent counts its whole subtree, a company its own groups and users. */
export const fastStats = (db: Conn, caller: Caller) =>
  isOrg(caller) ? repo.orgStats(db, caller.id) : repo.agentStats(db, caller.path);
