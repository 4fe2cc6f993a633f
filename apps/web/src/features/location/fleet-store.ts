import type { api, DataOf, LiveEvent } from '@ptt/contract';

export type FleetRow = DataOf<typeof api.location.fleet>['list'][number];
export type FleetState = 'sos' | 'online' | 'offline';

export const stateOf = (row: FleetRow): FleetState => (row.sos ? 'sos' : row.online ? 'online' : 'offline');

const rank: Record<FleetState, number> = { sos: 0, online: 1, offline: 2 };

/** The list's order: SOS first, then online, then the rest, each by name. */
export const compareRows = (a: FleetRow, b: FleetRow): number =>
  rank[stateOf(a)] - rank[stateOf(b)] || a.name.localeCompare(b.name) || a.terminal_id - b.terminal_id;

const newer = (at: string, than: string | null) => than === null || Date.parse(at) >= Date.parse(than);

/** The row after one event, or null when the event changes nothing of it. */
export const applyEvent = (row: FleetRow, event: LiveEvent): FleetRow | null => {
  switch (event.type) {
    case 'position': {
      const { lat, lng, speed, at } = event.data;
      return newer(at, row.at) ? { ...row, lat, lng, speed, at } : null;
    }
    case 'terminal.online':
      return row.online ? null : { ...row, online: 1 };
    case 'terminal.offline':
      return row.online ? { ...row, online: 0 } : null;
    case 'sos.raised': {
      const { lat, lng, at } = event.data;
      const moved = lat !== null && lng !== null && newer(at, row.at);
      return { ...row, sos: 1, ...(moved ? { lat, lng, at } : {}) };
    }
    // One SOS processed: the fleet call would tell whether another stays open; until the next load the
    // terminal shows as cleared, as the person processing it expects.
    case 'sos.processed':
      return row.sos ? { ...row, sos: 0 } : null;
    default:
      return null;
  }
};

type Listener = (changed: FleetRow[] | null) => void;

/**
 * The terminals of the fleet on screen, kept current by the event stream without fetching again: events
 * are applied to the rows as they come and told to the views once per frame (a busy fleet reports
 * hundreds of positions a second); events that arrive while the first page loads are applied after it.
 * The fleet comes a page at a time: an event of a terminal whose page has not come yet is dropped, as
 * its page, read later, brings its state.
 */
export class FleetStore {
  private rows = new Map<number, FleetRow>();
  private loaded = false;
  private early: LiveEvent[] = [];
  private dirty = new Map<number, FleetRow>();
  private scheduled = false;
  private listeners = new Set<Listener>();
  /** Grows with every change told to the views, so a view can tell it is out of date. */
  version = 0;

  constructor(private readonly schedule: (run: () => void) => void = defaultSchedule) {}

  /** A fresh first page of the fleet call (or all of it); listeners hear `null` (everything changed). */
  reset(list: FleetRow[]): void {
    this.rows = new Map(list.map((row) => [row.terminal_id, row]));
    this.loaded = true;
    this.dirty.clear();
    const early = this.early.splice(0);
    for (const event of early) this.apply(event, false);
    this.dirty.clear();
    this.version++;
    for (const listener of this.listeners) listener(null);
  }

  /** A later page of the fleet call: its rows join the others, and listeners hear them as changed. */
  add(list: FleetRow[]): void {
    for (const row of list) this.rows.set(row.terminal_id, row);
    this.version++;
    for (const listener of this.listeners) listener(list);
  }

  /** Forgets the rows while another company or group loads; the views empty. */
  clear(): void {
    this.loaded = false;
    this.rows.clear();
    this.early = [];
    this.dirty.clear();
    this.version++;
    for (const listener of this.listeners) listener(null);
  }

  /** Whether the fleet's first page is in (later pages may still be on their way). */
  get ready(): boolean {
    return this.loaded;
  }

  apply(event: LiveEvent, tell = true): void {
    if (!this.loaded) {
      this.early.push(event);
      return;
    }
    const id = event.data.terminal_id;
    const row = this.rows.get(id);
    // Events of terminals of another company or outside the group filter.
    if (!row) return;
    const next = applyEvent(row, event);
    if (!next) return;
    this.rows.set(id, next);
    this.dirty.set(id, next);
    if (tell && !this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    if (!this.dirty.size) return;
    const changed = [...this.dirty.values()];
    this.dirty.clear();
    this.version++;
    for (const listener of this.listeners) listener(changed);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(id: number): FleetRow | undefined {
    return this.rows.get(id);
  }

  all(): FleetRow[] {
    return [...this.rows.values()];
  }
}

const defaultSchedule = (run: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(run, 16);
};
