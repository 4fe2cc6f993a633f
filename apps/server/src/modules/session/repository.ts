import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export interface NewSession {
  tokenHash: string;
  role: number;
  subjectId: number;
  openid: string;
  scopePath: string;
  expiresAt: Date;
}

export const insertSession = (db: Conn, s: NewSession) => db.insert(sessions).values(s);

export const findLiveSession = async (db: Conn, tokenHash: string) =>
  (
    await db
      .select({
        id: sessions.id,
        role: sessions.role,
        subjectId: sessions.subjectId,
        openid: sessions.openid,
        scopePath: sessions.scopePath,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
  )[0];

export const revokeSession = (db: Conn, id: number) =>
  db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));

/** Ends every other live session of an account (password change). */
export const revokeOtherSessions = (db: Conn, role: number, subjectId: number, keepId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.role, role),
        eq(sessions.subjectId, subjectId),
        ne(sessions.id, keepId),
        isNull(sessions.revokedAt),
      ),
    );

export const revokeAllSessions = (db: Conn, role: number, subjectId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.role, role), eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt)));

/** A company moved to another agent: its sessions carry the new agent's path. */
export const setScopePath = (db: Conn, role: number, subjectId: number, scopePath: string) =>
  db
    .update(sessions)
    .set({ scopePath })
    .where(and(eq(sessions.role, role), eq(sessions.subjectId, subjectId)));
