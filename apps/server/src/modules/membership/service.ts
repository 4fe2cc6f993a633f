import type { Conn } from '../../db/client.ts';
import * as repo from './repository.ts';

export type { MemberSet } from './repository.ts';

/** The company's terminals outside a group or a fence, for the pickers that add members. */
export const outside = (
  db: Conn,
  set: repo.MemberSet,
  keyword: string | undefined,
  page: number,
  size: number,
) => repo.listOutside(db, set, keyword, page, size);

/** A terminal moving to another company leaves the fences of the one it leaves. */
export const leaveFences = (db: Conn, terminalId: number) => repo.leaveFences(db, terminalId);

/** A terminal as an audit row names it: its id, and its name when the change has it. */
export interface Named {
  id: number;
  name?: string;
}

/** The terminals of a company among `ids` that may join a group or a fence, held until the change ends. */
export const lockJoining = (db: Conn, orgId: number, ids: number[]) => repo.lockJoining(db, orgId, ids);

/** A terminal's id and name (a group's leader, a fence's keeper), or undefined when there is none. */
export const terminalName = (db: Conn, id: number) => repo.terminalName(db, id);

/** A terminal as an audit row names it, from its id (null for none): its name too while it exists. */
export const named = async (db: Conn, id: number | null): Promise<Named | null> =>
  id === null ? null : ((await repo.terminalName(db, id)) ?? { id });
