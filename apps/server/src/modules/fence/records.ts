import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { filterRange } from '../../lib/zoned-time.ts';
import * as repo from './record-repository.ts';

export async function records(
  db: Conn,
  config: Config,
  caller: Caller,
  q: ParsedParamsOf<typeof api.fence.records>,
) {
  const { list, total } = await repo.listRecords(
    db,
    scopeOf(caller),
    { ...q, ...filterRange(q, config.TIME_ZONE) },
    q.page,
    q.size,
  );
  return {
    list: list.map(({ r, terminalName, ssid }) => ({
      id: r.id,
      fence_id: r.fenceId,
      fence_name: r.fenceName,
      org_id: r.orgId,
      terminal_id: r.terminalId,
      terminal_name: terminalName,
      ssid,
      kind: r.kind,
      lat: r.lat,
      lng: r.lng,
      at: r.at.toISOString(),
    })),
    total,
    page: q.page,
    size: q.size,
  };
}
