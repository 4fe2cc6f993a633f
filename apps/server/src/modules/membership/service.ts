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
