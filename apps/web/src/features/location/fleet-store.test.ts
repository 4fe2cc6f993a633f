import { describe, expect, it } from 'vitest';
import { fleetRow } from './fleet-fixtures.ts';
import { applyEvent, compareRows, type FleetRow, FleetStore } from './fleet-store.ts';

const position = (id: number, at: string, lat = 22.4) => ({
  id: 1,
  type: 'position' as const,
  data: { terminal_id: id, org_id: 2, lat, lng: 114.2, speed: 12, at },
});

describe('fleet store', () => {
  it('moves a terminal only to a newer fix, and follows presence and SOS', () => {
    expect(applyEvent(fleetRow(1), position(1, '2026-11-22T08:05:00Z'))).toMatchObject({
      lat: 22.4,
      speed: 12,
    });
    expect(applyEvent(fleetRow(1), position(1, '2026-11-22T07:55:00Z'))).toBeNull();
    expect(
      applyEvent(fleetRow(1, { at: null, lat: null, lng: null }), position(1, '2020-01-01T00:00:00Z')),
    ).toMatchObject({
      lat: 22.4,
    });
    const at = '2026-11-22T08:06:00Z';
    expect(
      applyEvent(fleetRow(1), { id: 2, type: 'terminal.offline', data: { terminal_id: 1, org_id: 2, at } }),
    ).toMatchObject({ online: 0 });
    expect(
      applyEvent(fleetRow(1), { id: 3, type: 'terminal.online', data: { terminal_id: 1, org_id: 2, at } }),
    ).toBeNull();
    const raised = applyEvent(fleetRow(1), {
      id: 4,
      type: 'sos.raised',
      data: {
        id: 9,
        terminal_id: 1,
        terminal_name: 'Radio 1',
        ssid: '1',
        org_id: 2,
        org_name: 'C',
        lat: 22.5,
        lng: 114.5,
        at,
      },
    });
    expect(raised).toMatchObject({ sos: 1, lat: 22.5, lng: 114.5 });
    expect(
      applyEvent(raised as FleetRow, {
        id: 5,
        type: 'sos.processed',
        data: { id: 9, terminal_id: 1, org_id: 2, processor: 'C', at },
      }),
    ).toMatchObject({ sos: 0 });
  });

  it('sorts SOS first, then online, then by name', () => {
    const rows = [
      fleetRow(1, { name: 'B', online: 0 }),
      fleetRow(2, { name: 'C' }),
      fleetRow(3, { name: 'A', online: 0, sos: 1 }),
      fleetRow(4, { name: 'A' }),
    ];
    expect(rows.sort(compareRows).map((r) => r.terminal_id)).toEqual([3, 4, 2, 1]);
  });

  it('applies events that come while the list loads, and tells views once per frame', () => {
    const frames: (() => void)[] = [];
    const store = new FleetStore((run) => frames.push(run));
    const heard: (FleetRow[] | null)[] = [];
    store.subscribe((changed) => heard.push(changed));
    store.apply(position(1, '2026-11-22T08:05:00Z'));
    store.reset([fleetRow(1), fleetRow(2)]);
    expect(store.get(1)?.lat).toBe(22.4);
    expect(heard).toEqual([null]);

    store.apply(position(2, '2026-11-22T08:05:00Z', 22.6));
    store.apply(position(2, '2026-11-22T08:06:00Z', 22.7));
    store.apply(position(99, '2026-11-22T08:06:00Z'));
    expect(frames).toHaveLength(1);
    const before = store.version;
    frames[0]();
    expect(heard.at(-1)).toEqual([expect.objectContaining({ terminal_id: 2, lat: 22.7 })]);
    expect(store.version).toBe(before + 1);
  });

  it('adds a later page to the rows, tells its rows as changed, and drops events of rows not yet in', () => {
    const store = new FleetStore(() => {});
    const heard: (FleetRow[] | null)[] = [];
    store.subscribe((changed) => heard.push(changed));
    store.apply(position(1, '2026-11-22T08:05:00Z'));
    store.reset([fleetRow(1), fleetRow(2)]);
    store.apply(position(3, '2026-11-22T08:06:00Z', 22.7));
    const before = store.version;
    store.add([fleetRow(3), fleetRow(4)]);
    expect(store.version).toBe(before + 1);
    expect(heard).toEqual([null, [fleetRow(3), fleetRow(4)]]);
    expect(store.all().map((r) => r.terminal_id)).toEqual([1, 2, 3, 4]);
    expect([store.get(1)?.lat, store.get(3)?.lat]).toEqual([22.4, 22.3]);
    store.apply(position(3, '2026-11-22T08:07:00Z', 22.8));
    expect(store.get(3)?.lat).toBe(22.8);
  });
});
