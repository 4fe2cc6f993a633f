import { eq, gte, lt } from 'drizzle-orm';
import { byCompanyOrPath, type Filters, filteredPages } from '../../db/page.ts';
import { fenceRecords, orgs, terminals } from '../../db/schema.ts';

export interface RecordFilter {
  orgId?: number;
  fenceId?: number;
  terminalId?: number;
  kind?: number;
  from?: Date;
  to?: Date;
}

const order = [{ desc: fenceRecords.at }, { desc: fenceRecords.id }];

export const listRecords = filteredPages({
  table: fenceRecords,
  scope: byCompanyOrPath(fenceRecords.orgId, fenceRecords.agentPath),
  filters: {
    orgId: (v: number) => eq(fenceRecords.orgId, v),
    fenceId: (v: number) => eq(fenceRecords.fenceId, v),
    terminalId: (v: number) => eq(fenceRecords.terminalId, v),
    kind: (v: number) => eq(fenceRecords.kind, v),
    from: (v: Date) => gte(fenceRecords.at, v),
    to: (v: Date) => lt(fenceRecords.at, v),
  } satisfies Filters<RecordFilter>,
  order,
  total: 'read',
  rows: (db, place) =>
    db
      .select({
        r: fenceRecords,
        terminalName: terminals.name,
        ssid: terminals.ssid,
        orgName: orgs.name,
        ...place,
      })
      .from(fenceRecords)
      .innerJoin(terminals, eq(terminals.id, fenceRecords.terminalId))
      .innerJoin(orgs, eq(orgs.id, fenceRecords.orgId))
      .$dynamic(),
});
