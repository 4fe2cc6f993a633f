import { isSubAgentPath, Limits } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import { type Caller, isOrg } from '../../http/caller.ts';
import * as subAgents from '../agent/sub-agents.ts';
import * as groups from '../group/manage.ts';
import * as orgs from '../org/manage.ts';
import * as terminals from '../terminal/service.ts';

const LIMIT = Limits.page.defaultSize;

/**
 * One keyword over the caller's scope (SPEC §2): agents only for top-level agents, companies for
 * agents, groups and users for everyone; searchType narrows it to one kind.
 */
export async function search(db: Conn, caller: Caller, keyword: string, type: string) {
  const wants = (kind: string) => type === 'global' || type === kind;
  const agentsAllowed = !isOrg(caller) && !isSubAgentPath(caller.path);
  const [agents, orgList, groupList, users] = await Promise.all([
    agentsAllowed && wants('agent') ? subAgents.search(db, caller, keyword, LIMIT) : [],
    !isOrg(caller) && wants('company') ? orgs.search(db, caller, keyword, LIMIT) : [],
    wants('group') ? groups.search(db, caller, keyword) : [],
    wants('user') ? terminals.search(db, caller, keyword, LIMIT) : [],
  ]);
  return { agents, orgs: orgList, groups: groupList, users };
}
