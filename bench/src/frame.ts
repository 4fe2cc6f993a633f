import { Connections, Steadiness } from './config.ts';
import { databaseUrl, settle } from './fleet.ts';
import { type Call, type LoadResult, load } from './load.ts';
import { startReferences } from './server.ts';

/** A load with the floor measured just before and just after it, at the same number of connections. */
export interface Framed extends LoadResult {
  connections: number;
  /** The floor around the load kept: the mean of its two rates, the larger of its two p99s. */
  floor: { rps: number; p99: number };
  /** How far the floor's rate moved across the load kept, as a share of the lower of its two rates. */
  drift: number;
  /** Loads measured again because the floor moved, and the floor's move across each attempt. */
  repeats: number;
  drifts: number[];
}

/** How far two floor loads differ: the higher rate over the lower, less one. */
const driftOf = (a: LoadResult, b: LoadResult) =>
  Math.max(a.rps, b.rps) / Math.max(1, Math.min(a.rps, b.rps)) - 1;

const bareCall: Call[] = [{ method: 'GET', path: '/bare' }];
const floorCall: Call[] = [{ method: 'GET', path: '/floor' }];

/**
 * The references of one fleet (DESIGN §7): a bare Fastify route and the floor, a route running one
 * `select 1` on a pool of the server's size against the fleet's database. Every load measured goes through
 * `framed`, which measures the floor before and after it at the same number of connections; when the floor
 * moved by more than `Steadiness.floorDrift`, the machine changed speed during the load, and the load is
 * measured again (`Steadiness.repeats` times at most; the attempt the floor moved least across is kept).
 * Consecutive loads at the same number of connections share the floor between them.
 */
export async function references(size: number) {
  const refs = await startReferences(databaseUrl(size));
  const floors = new Map<number, LoadResult[]>();
  const bare: LoadResult[] = [];
  let previous: { connections: number; floor: LoadResult } | null = null;

  const floorAt = async (connections: number) => {
    const r = await load(refs.url, floorCall, { connections });
    floors.set(connections, [...(floors.get(connections) ?? []), r]);
    return r;
  };

  return {
    floors,
    bare,
    /** The bare route, at saturation. */
    measureBare: async () => {
      previous = null;
      bare.push(await load(refs.url, bareCall, { connections: Connections.saturation }));
    },
    framed: async (origin: string, calls: Call[], connections: number): Promise<Framed> => {
      let before = previous?.connections === connections ? previous.floor : await floorAt(connections);
      const attempts: Framed[] = [];
      for (;;) {
        const r = await load(origin, calls, { connections });
        await settle(size);
        const after = await floorAt(connections);
        const drift = driftOf(before, after);
        attempts.push({
          ...r,
          connections,
          floor: { rps: (before.rps + after.rps) / 2, p99: Math.max(before.p99, after.p99) },
          drift,
          repeats: 0,
          drifts: [],
        });
        before = after;
        if (drift <= Steadiness.floorDrift || attempts.length > Steadiness.repeats) break;
      }
      previous = { connections, floor: before };
      const kept = attempts.reduce((a, b) => (b.drift < a.drift ? b : a));
      return { ...kept, repeats: attempts.length - 1, drifts: attempts.map((a) => a.drift) };
    },
    close: refs.close,
  };
}
export type References = Awaited<ReturnType<typeof references>>;
