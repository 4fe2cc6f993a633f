import type { api, ParsedParamsOf } from '@ptt/contract';
import type { Conn } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { type Caller, isOrg, scopeOf } from '../../http/caller.ts';
import { notFound, ruleBroken } from '../../http/errors.ts';
import { filterRange } from '../../lib/zoned-time.ts';
import * as agents from '../agent/service.ts';
import * as live from '../live/service.ts';
import { addressOf } from '../location/service.ts';
import * as orgs from '../org/service.ts';
import * as repo from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findSosIn>>>;

const record = ({ s, terminalName, ssid, orgName }: Row) => ({
  id: s.id,
  terminal_id: s.terminalId,
  terminal_name: terminalName,
  ssid,
  org_id: s.orgId,
  org_name: orgName,
  lat: s.lat,
  lng: s.lng,
  status: s.status,
  processor: s.processor,
  processed_at: s.processedAt?.toISOString() ?? null,
  remark: s.remark,
  created_at: s.createdAt.toISOString(),
});

export async function list(db: Conn, config: Config, caller: Caller, q: ParsedParamsOf<typeof api.sos.list>) {
  const filter = { ...q, ...filterRange(q, config.TIME_ZONE) };
  const { list, total } = await repo.listSos(db, scopeOf(caller), filter, q.page, q.size);
  return { list: list.map(record), total, page: q.page, size: q.size };
}

async function sosInScope(db: Conn, caller: Caller, id: number) {
  const row = await repo.findSosIn(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return row;
}

export async function detail(
  db: Conn,
  config: Config,
  caller: Caller,
  p: ParsedParamsOf<typeof api.sos.detail>,
) {
  const row = await sosInScope(db, caller, p.id);
  const { lat, lng } = row.s;
  const address = lat !== null && lng !== null ? await addressOf(db, config, lat, lng, p.lang) : null;
  return { ...record(row), address };
}

/** The name the record shows as its processor: the company's or the agent's. */
async function nameOf(db: Conn, caller: Caller) {
  const who = isOrg(caller) ? await orgs.findById(db, caller.id) : await agents.findById(db, caller.id);
  return who?.name ?? '';
}

export async function process(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.sos.process>) {
  const row = await sosInScope(db, caller, p.id);
  if (row.s.status !== 0) throw ruleBroken('sosProcessed');
  const processor = await nameOf(db, caller);
  const done = await db.transaction(async (tx) => {
    if (!(await repo.markProcessed(tx, row.s.id, processor, p.remark))) return false;
    await live.publish(tx, {
      type: 'sos.processed',
      orgId: row.s.orgId,
      agentPath: row.s.agentPath,
      data: { id: row.s.id, terminal_id: row.s.terminalId, processor },
    });
    return true;
  });
  if (!done) throw ruleBroken('sosProcessed');
  return record(await sosInScope(db, caller, p.id));
}
