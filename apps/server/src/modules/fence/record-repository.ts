import { desc, eq, gte, lt } from 'drizzle-orm';
import { byCompanyOrPathPrefix, filteredPages } from '../../db/page.ts';
import { fenceRecords, terminals } from '../../db/schema.ts';

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
  ...byCompanyOrPathPrefix(fenceRecords.orgId, fenceRecords.agentPath),
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
