import { type api, FenceLimits, type LatLng, type ParsedParamsOf } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { conflict, invalid, notFound, ruleBroken } from '../../http/errors.ts';
import { fenceInScope, orgIdInScope, orgInScope } from '../scope/service.ts';
import * as terminals from '../terminal/service.ts';
import { isSimplePolygon } from './geometry.ts';
import * as repo from './repository.ts';

/** A fence as fence/add and fence/update give it, or as the demo seed writes it (only what it sets). */
export interface FenceInput {
  orgId?: number;
  name: string;
  shape: 'circle' | 'polygon';
  center?: LatLng;
  radius?: number;
  points?: LatLng[];
  trigger: number;
  windowStart?: string;
  windowEnd?: string;
  permanent?: boolean;
  dateStart?: string;
  dateEnd?: string;
  timeZone?: string;
}

const keeperOf = (f: repo.FenceRow, name: string | null | undefined) =>
  f.keeperTerminalId && name ? { id: f.keeperTerminalId, name } : null;

const summary = (
  f: repo.FenceRow,
  orgName: string,
  memberCount: number,
  keeper: { id: number; name: string } | null,
) => ({
  id: f.id,
  name: f.name,
  org_id: f.orgId,
  org_name: orgName,
  shape: f.shape as 'circle' | 'polygon',
  trigger: f.trigger,
  window_start: f.windowStart,
  window_end: f.windowEnd,
  time_zone: f.timeZone,
  permanent: f.permanent,
  date_start: f.dateStart,
  date_end: f.dateEnd,
  keeper,
  member_count: memberCount,
  created_at: f.createdAt.toISOString(),
});

/** The middle of the newest fence in the caller's scope (a circle's centre, a polygon's mean corner). */
export async function newestMiddle(db: Conn, caller: Caller): Promise<LatLng | undefined> {
  const f = await repo.newestShape(db, scopeOf(caller));
  if (!f) return undefined;
  if (f.centerLat !== null && f.centerLng !== null) return { lat: f.centerLat, lng: f.centerLng };
  if (f.points.length === 0) return undefined;
  const mean = (pick: (p: LatLng) => number) =>
    f.points.reduce((sum, p) => sum + pick(p), 0) / f.points.length;
  return { lat: mean((p) => p.lat), lng: mean((p) => p.lng) };
}

export const geometryOf = (f: repo.FenceRow) => ({
  center: f.shape === 'circle' ? { lat: f.centerLat ?? 0, lng: f.centerLng ?? 0 } : null,
  radius: f.shape === 'circle' ? f.radius : null,
  points: f.shape === 'polygon' ? f.points : [],
});

/** A company's newest fences with their geometry (the map a new fence is drawn on), and how many it has. */
export async function shapes(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.fence.shapes>) {
  const orgId = await orgIdInScope(db, caller, q.orgId);
  const rows = await repo.orgFences(db, orgId, FenceLimits.shapesMax);
  const total = rows.length < FenceLimits.shapesMax ? rows.length : await repo.countOrgFences(db, orgId);
  return {
    list: rows.map((f) => ({
      id: f.id,
      name: f.name,
      shape: f.shape as 'circle' | 'polygon',
      ...geometryOf(f),
    })),
    total,
  };
}

export async function list(db: Conn, caller: Caller, q: ParsedParamsOf<typeof api.fence.list>) {
  const { list, total } = await repo.listFences(db, scopeOf(caller), q, q.page, q.size);
  const rows = list.map(({ f, orgName, memberCount, keeperName }) =>
    summary(f, orgName, memberCount, keeperOf(f, keeperName)),
  );
  return { list: rows, total, page: q.page, size: q.size };
}

export async function detail(db: Conn, caller: Caller, id: number) {
  const f = await fenceInScope(db, caller, id);
  const extras = await repo.fenceExtras(db, f.id);
  return {
    ...summary(f, extras?.orgName ?? '', extras?.memberCount ?? 0, keeperOf(f, extras?.keeperName)),
    ...geometryOf(f),
  };
}

/** The columns a fence input sets; the geometry is checked here, where the contract cannot. */
function columnsOf(p: FenceInput, zone: string): Omit<repo.NewFence, 'orgId' | 'agentPath'> {
  if (p.shape === 'polygon' && !isSimplePolygon(p.points ?? []))
    throw invalid('fenceShape', { field: 'points' });
  const permanent = p.permanent ?? true;
  return {
    name: p.name,
    shape: p.shape,
    centerLat: p.shape === 'circle' ? (p.center?.lat ?? null) : null,
    centerLng: p.shape === 'circle' ? (p.center?.lng ?? null) : null,
    radius: p.shape === 'circle' ? (p.radius ?? null) : null,
    points: p.shape === 'polygon' ? (p.points ?? []) : [],
    trigger: p.trigger,
    windowStart: p.windowStart ?? '00:00',
    windowEnd: p.windowEnd ?? '23:59',
    timeZone: p.timeZone ?? zone,
    permanent,
    dateStart: permanent ? null : (p.dateStart ?? null),
    dateEnd: permanent ? null : (p.dateEnd ?? null),
  };
}

const UNIQUE_VIOLATION = '23505';
/** Two saves racing past the name check meet the unique index; answer them like the check would. */
async function unlessDuplicated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const code =
      (e as { code?: string; cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;
    if (code === UNIQUE_VIOLATION) throw conflict('fenceNameDuplicated');
    throw e;
  }
}

export async function add(db: Db, config: Config, caller: Caller, p: ParsedParamsOf<typeof api.fence.add>) {
  return createFence(db, await orgInScope(db, caller, p.orgId), p, config.TIME_ZONE);
}

/** Creates a fence of a company (the web through add, the demo seed directly); `zone` when p has none. */
export async function createFence(
  db: Conn,
  org: { id: number; agentPath: string },
  p: FenceInput,
  zone: string,
) {
  const columns = columnsOf(p, zone);
  const f = await unlessDuplicated(() =>
    db.transaction(async (tx) => {
      // Counted under the company's lock: parallel adds cannot all see room for one more.
      await repo.lockOrgForFences(tx, org.id);
      if ((await repo.countOfOrg(tx, org.id)) >= FenceLimits.perCompanyMax) throw ruleBroken('fenceMax');
      if (await repo.nameTaken(tx, org.id, columns.name)) throw conflict('fenceNameDuplicated');
      return repo.insertFence(tx, { ...columns, orgId: org.id, agentPath: org.agentPath });
    }),
  );
  return { id: f.id };
}

/** A changed fence is judged afresh: states of the old shape or trigger would raise false crossings. */
export async function update(
  db: Db,
  config: Config,
  caller: Caller,
  p: ParsedParamsOf<typeof api.fence.update>,
) {
  const f = await fenceInScope(db, caller, p.id);
  if (p.orgId !== undefined && p.orgId !== f.orgId) throw notFound();
  const columns = columnsOf(p, config.TIME_ZONE);
  if (await repo.nameTaken(db, f.orgId, columns.name, f.id)) throw conflict('fenceNameDuplicated');
  await unlessDuplicated(() =>
    db.transaction(async (tx) => {
      await repo.updateFence(tx, f.id, columns);
      await repo.clearStates(tx, f.id);
    }),
  );
  return null;
}

export async function remove(db: Conn, caller: Caller, id: number) {
  const f = await fenceInScope(db, caller, id);
  await repo.deleteFence(db, f.id);
  return null;
}

export async function setKeeper(db: Conn, caller: Caller, p: ParsedParamsOf<typeof api.fence.setKeeper>) {
  const f = await fenceInScope(db, caller, p.id);
  if (p.terminalId !== 0 && (await terminals.idsOfOrg(db, f.orgId, [p.terminalId])).length === 0)
    throw notFound();
  await repo.updateFence(db, f.id, { keeperTerminalId: p.terminalId === 0 ? null : p.terminalId });
  return null;
}

/** The fences a terminal's device shows (device API). */
export const watching = async (db: Conn, terminalId: number, orgId: number) =>
  (await repo.fencesWithStates(db, terminalId, orgId)).map(({ fence: f }) => ({
    id: f.id,
    name: f.name,
    shape: f.shape as 'circle' | 'polygon',
    trigger: f.trigger,
    window_start: f.windowStart,
    window_end: f.windowEnd,
    time_zone: f.timeZone,
    permanent: f.permanent,
    date_start: f.dateStart,
    date_end: f.dateEnd,
    ...geometryOf(f),
  }));
