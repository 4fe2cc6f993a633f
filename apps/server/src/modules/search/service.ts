import { isSubAgentPath, Limits } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { type Caller, isOrg, scopeKey, scopeOf } from '../../http/caller.ts';
import * as terminals from '../terminal/service.ts';
import * as repo from './repository.ts';

const LIMIT = Limits.page.defaultSize;

/**
 * One keyword over the caller's scope (SPEC §2): agents only for top-level agents, companies for
 * agents, groups and users for everyone; searchType narrows it to one kind. Agents, companies and
 * groups are read in one statement, users (the terminals' keyword arms) in another, side by side.
 */
export async function search(db: Conn, caller: Caller, keyword: string, type: string) {
  const wants = (kind: string) => type === 'global' || type === kind;
  const kinds = {
    agents: !isOrg(caller) && !isSubAgentPath(caller.path) && wants('agent'),
    orgs: !isOrg(caller) && wants('company'),
    groups: wants('group'),
  };
  const scope = { kind: scopeKey(scopeOf(caller)).kind, id: caller.id, path: caller.path };
  const [hits, users] = await Promise.all([
    kinds.agents || kinds.orgs || kinds.groups
      ? repo.findHits(db, scope, kinds, keyword, LIMIT)
      : { agents: [], orgs: [], groups: [] },
    wants('user') ? terminals.search(db, caller, keyword, LIMIT) : [],
  ]);
  return { ...hits, users };
}
