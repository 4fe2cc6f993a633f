import { forgetAfter, NotifiedCache } from '../../db/notified-cache.ts';
import type { Scope } from '../../http/caller.ts';

/** The channel of migration 0010's notifications: some terminal's row of the user list changed. */
export const terminalListChanged = 'terminal_list_changed';

/** A page of the user list as the repository reads it: its rows as JSON text, and the list's total. */
export interface Page {
  list: string;
  total: number;
}

/**
 * The unfiltered first page of each scope and page size, the page every user list screen opens with
 * and pull to refresh asks for again, kept in this instance's memory. Any change to a terminal's row
 * of the list, from any instance, empties it (migration 0010), and so does the code of this process
 * that changes terminals or a company's name, at once.
 */
export class FirstPages extends NotifiedCache<Page> {
  constructor(max = 5_000) {
    super(terminalListChanged, max);
  }

  /** The first page of a scope, from memory when it is kept, otherwise read by `load` and kept. */
  of(scope: Scope, size: number, load: () => Promise<Page>) {
    const key = 'path' in scope ? `agent ${scope.path} ${size}` : `company ${scope.orgId} ${size}`;
    return this.read(key, load) as Promise<Page>;
  }
}

/**
 * Runs a statement that changes terminals or a company's name, then has this process's kept first
 * pages forget; the notification that follows the commit (migration 0010) reaches the other instances.
 */
export const changingTerminals = <T>(statement: PromiseLike<T>) =>
  forgetAfter(terminalListChanged, statement);
