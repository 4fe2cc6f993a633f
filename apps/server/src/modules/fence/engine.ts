import type { Tx } from '../../db/client.ts';
import * as live from '../live/service.ts';
import { contains, type Shape } from './geometry.ts';
import * as repo from './repository.ts';
import { decide, type FenceState, isArmed } from './trigger.ts';

export interface Located {
  lat: number;
  lng: number;
  at: Date;
}

export const shapeOf = (f: repo.FenceRow): Shape =>
  f.shape === 'circle'
    ? { shape: 'circle', center: { lat: f.centerLat ?? 0, lng: f.centerLng ?? 0 }, radius: f.radius ?? 0 }
    : { shape: 'polygon', points: f.points };

/**
 * Runs a terminal's new positions (oldest first) through every fence that monitors it, inside the
 * caller's transaction: the state per terminal and fence and the alarms it raises (and their live
 * events) are written with the positions, or not at all. A position older than the state's last one is
 * stored but not evaluated, so late arrivals cannot rewind a fence. Returns the number of alarms.
 * The caller has locked the terminal (its last position's row), so one terminal's positions are
 * evaluated one call at a time, across requests and instances.
 */
export async function evaluate(
  tx: Tx,
  terminal: { terminalId: number; orgId: number; agentPath: string; name: string },
  points: Located[],
  repeatSeconds: number,
): Promise<number> {
  const rows = await repo.fencesWithStates(tx, terminal.terminalId, terminal.orgId);
  if (rows.length === 0) return 0;
  const watching = rows.map((r) => r.fence);
  const states = new Map<number, FenceState>();
  for (const r of rows) if (r.state) states.set(r.fence.id, r.state);
  const changed = new Set<number>();
  const records: repo.NewFenceRecord[] = [];
  for (const p of points) {
    for (const f of watching) {
      const previous = states.get(f.id);
      if (previous && p.at.getTime() <= previous.at.getTime()) continue;
      const inside = contains(shapeOf(f), p);
      const d = decide(f.trigger, isArmed(f, p.at), previous, inside, p.at, repeatSeconds * 1000);
      states.set(f.id, d.state);
      changed.add(f.id);
      if (d.alarm) {
        records.push({
          orgId: f.orgId,
          agentPath: f.agentPath,
          fenceId: f.id,
          fenceName: f.name,
          terminalId: terminal.terminalId,
          kind: f.trigger,
          lat: p.lat,
          lng: p.lng,
          at: p.at,
        });
      }
    }
  }
  if (changed.size > 0) {
    await repo.saveStates(
      tx,
      [...changed].map((fenceId) => ({
        terminalId: terminal.terminalId,
        fenceId,
        ...(states.get(fenceId) as FenceState),
      })),
    );
  }
  if (records.length === 0) return 0;
  const ids = await repo.insertRecords(tx, records);
  await live.publishMany(
    tx,
    records.map((r, i) => ({
      type: 'fence.alarm' as const,
      orgId: r.orgId,
      agentPath: r.agentPath,
      at: r.at,
      data: {
        record_id: ids[i],
        fence_id: Number(r.fenceId),
        fence_name: r.fenceName,
        terminal_id: r.terminalId,
        terminal_name: terminal.name,
        trigger: r.kind,
        lat: r.lat,
        lng: r.lng,
      },
    })),
  );
  return records.length;
}
