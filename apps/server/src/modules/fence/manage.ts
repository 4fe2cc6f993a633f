import { type api, FenceLimits, type LatLng, type ParsedParamsOf } from '@ptt/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { type Caller, scopeOf } from '../../http/caller.ts';
import { conflict, invalid, notFound, ruleBroken } from '../../http/errors.ts';
import type { Change } from '../../http/route.ts';
import { unlessTaken } from '../../lib/unique.ts';
import { changes } from '../audit/service.ts';
import * as membership from '../membership/service.ts';
import { fenceInScope, orgIdInScope, orgInScope } from '../scope/service.ts';
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

/** A fence's shape, what it alarms on, and when it watches: the same in every answer that shows it. */
const rulesOf = (f: repo.FenceRow) => ({
  shape: f.shape as 'circle' | 'polygon',
  trigger: f.trigger,
  window_start: f.windowStart,
  window_end: f.windowEnd,
  time_zone: f.timeZone,
  permanent: f.permanent,
  date_start: f.dateStart,
  date_end: f.dateEnd,
});

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
  ...rulesOf(f),
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

const duplicated = () => conflict('fenceNameDuplicated');

export async function add(
  db: Db,
  change: Change,
  config: Config,
  caller: Caller,
  p: ParsedParamsOf<typeof api.fence.add>,
) {
  return createFence(change, await orgInScope(db, caller, p.orgId), p, config.TIME_ZONE);
}

/**
 * Creates a fence of a company (the web through add, the demo seed directly); `zone` when p has none.
 * Two saves racing past the name check meet the unique index and are answered like the check.
 */
export const createFence = (
  change: Change,
  org: { id: number; agentPath: string },
  p: FenceInput,
  zone: string,
) => {
  const columns = columnsOf(p, zone);
  return unlessTaken(
    () =>
      change(async (tx, note) => {
        // Counted under the company's lock: parallel adds cannot all see room for one more.
        await repo.lockOrgForFences(tx, org.id);
        if ((await repo.countOfOrg(tx, org.id)) >= FenceLimits.perCompanyMax) throw ruleBroken('fenceMax');
        if (await repo.nameTaken(tx, org.id, columns.name)) throw duplicated();
        const f = await repo.insertFence(tx, { ...columns, orgId: org.id, agentPath: org.agentPath });
        note({ targetIds: [f.id], orgIds: [org.id], after: { [f.id]: recorded(columns) } });
        return { id: f.id };
      }),
    duplicated,
  );
};

type Columns = ReturnType<typeof columnsOf>;

/** A new fence's settings as its audit row keeps them: those it has (a circle no corners, a polygon no radius). */
const recorded = (c: Columns) =>
  Object.fromEntries(
    Object.entries(c).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)),
  );

/** A changed fence is judged afresh: states of the old shape or trigger would raise false crossings. */
export const update = (
  change: Change,
  config: Config,
  caller: Caller,
  p: ParsedParamsOf<typeof api.fence.update>,
) => {
  const columns = columnsOf(p, config.TIME_ZONE);
  return unlessTaken(
    () =>
      change(async (tx, note) => {
        // Held while its settings are compared and written: a concurrent edit is recorded after this one.
        const f = await fenceInScope(tx, caller, p.id, 'update');
        if (p.orgId !== undefined && p.orgId !== f.orgId) throw notFound();
        if (await repo.nameTaken(tx, f.orgId, columns.name, f.id)) throw duplicated();
        await repo.updateFence(tx, f.id, columns);
        await repo.clearStates(tx, f.id);
        note({
          targetIds: [f.id],
          orgIds: [f.orgId],
          ...changes(new Map([[f.id, f]]), new Map([[f.id, columns]])),
        });
        return null;
      }),
    duplicated,
  );
};

/** Deletes a fence; its row keeps the name and how many terminals it watched. */
export const remove = (change: Change, caller: Caller, id: number) =>
  change(async (tx, note) => {
    const f = await fenceInScope(tx, caller, id, 'update');
    const members = (await repo.fenceExtras(tx, f.id))?.memberCount ?? 0;
    await repo.deleteFence(tx, f.id);
    note({ targetIds: [f.id], orgIds: [f.orgId], before: { [f.id]: { name: f.name, members } } });
    return null;
  });

/** Names the fence's keeper (terminal 0: none), a terminal of the fence's company. */
export const setKeeper = (change: Change, caller: Caller, p: ParsedParamsOf<typeof api.fence.setKeeper>) =>
  change(async (tx, note) => {
    const { orgId } = await fenceInScope(tx, caller, p.id);
    // The keeper keeps its company while it becomes keeper; then the fence is read and written back.
    const [keeper] = p.terminalId === 0 ? [] : await membership.lockJoining(tx, orgId, [p.terminalId]);
    if (p.terminalId !== 0 && !keeper) throw notFound();
    const f = await fenceInScope(tx, caller, p.id, 'update');
    await repo.updateFence(tx, f.id, { keeperTerminalId: keeper?.id ?? null });
    note({
      targetIds: [f.id],
      orgIds: [f.orgId],
      before: { [f.id]: { keeper: await membership.named(tx, f.keeperTerminalId) } },
      after: { [f.id]: { keeper: keeper ?? null } },
    });
    return null;
  });

/** The fences a terminal's device shows (device API). */
export const watching = async (db: Conn, terminalId: number, orgId: number) =>
  (await repo.fencesWithStates(db, terminalId, orgId)).map(({ fence: f }) => ({
    id: f.id,
    name: f.name,
    ...rulesOf(f),
    ...geometryOf(f),
  }));
