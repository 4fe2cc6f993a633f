import type { FleetRow } from './fleet-store.ts';

/** A radio on the fleet map: online, no SOS, last seen at one place. */
export const fleetRow = (id: number, extra: Partial<FleetRow> = {}): FleetRow => ({
  terminal_id: id,
  name: `Radio ${id}`,
  ssid: `10000${id}`,
  lat: 22.3,
  lng: 114.1,
  at: '2026-11-22T08:00:00.000Z',
  speed: null,
  online: 1,
  sos: 0,
  ...extra,
});
