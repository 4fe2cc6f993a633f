import { and, desc, eq, gte, like, lt } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { historyPage } from '../../db/page.ts';
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

const inScope = (scope: Scope) =>
  'orgId' in scope ? eq(fenceRecords.orgId, scope.orgId) : like(fenceRecords.agentPath, `${scope.path}%`);

export async function listRecords(db: Conn, scope: Scope, f: RecordFilter, page: number, size: number) {
  const where = and(
    inScope(scope),
    f.orgId !== undefined ? eq(fenceRecords.orgId, f.orgId) : undefined,
    f.fenceId !== undefined ? eq(fenceRecords.fenceId, f.fenceId) : undefined,
    f.terminalId !== undefined ? eq(fenceRecords.terminalId, f.terminalId) : undefined,
    f.kind !== undefined ? eq(fenceRecords.kind, f.kind) : undefined,
    f.from ? gte(fenceRecords.at, f.from) : undefined,
    f.to ? lt(fenceRecords.at, f.to) : undefined,
  );
  const order = [desc(fenceRecords.at), desc(fenceRecords.id)];
  return historyPage(db, fenceRecords.id, where, order, page, size, (onRows) =>
    db
      .select({ r: fenceRecords, terminalName: terminals.name, ssid: terminals.ssid })
      .from(fenceRecords)
      .innerJoin(terminals, eq(terminals.id, fenceRecords.terminalId))
      .where(onRows)
      .orderBy(...order),
  );
}
