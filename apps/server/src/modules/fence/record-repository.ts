import { desc, eq, gte, like, lt } from 'drizzle-orm';
import { filteredPages } from '../../db/page.ts';
import { fenceRecords, terminals } from '../../db/schema.ts';
import type { Scope } from '../../http/caller.ts';

export interface RecordFilter {
  orgId?: number;
  fenceId?: number;
  terminalId?: number;
  kind?: number;
  from?: Date;
  to?: Date;
}

const order = [desc(fenceRecords.at), desc(fenceRecords.id)];

export const listRecords = filteredPages({
  name: 'fence_records',
  id: fenceRecords.id,
  order,
  total: 'read',
  scope: (scope: Scope) =>
    'orgId' in scope ? { kind: 'org', value: scope.orgId } : { kind: 'agent', value: `${scope.path}%` },
  where: (kind, scope) =>
    kind === 'org' ? eq(fenceRecords.orgId, scope) : like(fenceRecords.agentPath, scope),
  filters: {
    orgId: (v) => eq(fenceRecords.orgId, v),
    fenceId: (v) => eq(fenceRecords.fenceId, v),
    terminalId: (v) => eq(fenceRecords.terminalId, v),
    kind: (v) => eq(fenceRecords.kind, v),
    from: (v) => gte(fenceRecords.at, v),
    to: (v) => lt(fenceRecords.at, v),
  },
  read: (db, onRows) =>
    db
      .select({ r: fenceRecords, terminalName: terminals.name, ssid: terminals.ssid })
      .from(fenceRecords)
      .innerJoin(terminals, eq(terminals.id, fenceRecords.terminalId))
      .where(onRows)
      .orderBy(...order),
});
